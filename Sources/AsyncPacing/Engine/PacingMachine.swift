/// A pure timing state machine: events and their instants in, ``PacingActions`` out.
///
/// A machine reads no clock, starts no task and takes no lock. It decides by comparing the
/// instants it is given, so the outcome never depends on the order in which a shell delivers
/// events that share an instant: a deadline at an event's instant is always handled first
/// (periods are half-open). The shell core (`PacingShell`) runs any machine, for the sequence
/// operators and, with the events of ``CallbackPacingMachine``, for the callback pacers.
@usableFromInline
protocol PacingMachine: Sendable {
  associatedtype Element: Sendable
  associatedtype Output: Sendable
  associatedtype Instant: PacingInstant

  /// An element arrived. A machine that keeps it folds it itself, or, if the fold is an
  /// async reducer only the shell can await, asks for it with ``PacingActions/foldRequest``.
  mutating func elementArrived(_ element: Element, at now: Instant) -> PacingActions<
    Output, Instant
  >
  /// The answer to a ``PacingActions/foldRequest``: the shell awaited the reducer on the
  /// element the machine kept, and gives it the result before it hands it another element.
  /// `now` reads the clock: the machine calls it only when the instant matters (the value is
  /// emitted at once), so a fold that only updates a candidate costs no clock reading.
  ///
  /// With `mayLend`, the machine may leave the value with the shell, as a loan, for the shell
  /// to fold later elements into (``PacingActions/lendsCandidateUntil``). The shell gives a
  /// lent value back the same way, with `mayLend == false`, before any other event.
  mutating func foldFinished(_ value: Output, at now: () -> Instant, mayLend: Bool)
    -> PacingActions<Output, Instant>
  /// The shell's timer woke; `now` may be later than the `wakeAt` it slept for.
  mutating func deadlineReached(at now: Instant) -> PacingActions<Output, Instant>
  /// The shell's timer gave up on `wakeAt`: the clock never brought it closer (see
  /// <doc:PacingContract>, "Clocks that misbehave"). The machine asks for no deadline until its
  /// next event, and a machine that waited for that deadline only to finish emits what it holds
  /// and ends now.
  mutating func deadlineUnreachable(at now: Instant) -> PacingActions<Output, Instant>
  mutating func upstreamFinished(at now: Instant) -> PacingActions<Output, Instant>
  mutating func upstreamFailed(at now: Instant) -> PacingActions<Output, Instant>

  /// Whether the machine needs ``iterationStarted(at:)``: the one clock reading it costs is
  /// spared the machines that do not.
  static var tracksIterationStart: Bool { get }
  /// A sequence's consumer called `next()` for the first time.
  mutating func iterationStarted(at now: Instant)
}

extension PacingMachine {
  @inlinable
  static var tracksIterationStart: Bool { false }

  @inlinable
  mutating func iterationStarted(at now: Instant) {}
}
