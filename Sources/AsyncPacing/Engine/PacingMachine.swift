/// A pure timing state machine: events and their instants in, ``PacingActions`` out.
///
/// A machine reads no clock, starts no task and takes no lock. It decides by comparing the
/// instants it is given, so the outcome never depends on the order in which a shell delivers
/// events that share an instant: a deadline at an event's instant is always handled first
/// (periods are half-open). One engine runs any machine for the sequence operators, and how
/// elements get in is the refinements' business; the callback pacers run the same machines
/// through ``PacerMachine``.
@usableFromInline
protocol PacingMachine: Sendable {
  associatedtype Output: Sendable
  associatedtype Instant: PacingInstant

  /// The shell's timer woke; `now` may be later than the `wakeAt` it slept for.
  mutating func deadlineReached(at now: Instant) -> PacingActions<Output, Instant>
  mutating func upstreamFinished(at now: Instant) -> PacingActions<Output, Instant>
  mutating func upstreamFailed(at now: Instant) -> PacingActions<Output, Instant>
  /// The pending output becomes due now, whatever its deadline.
  mutating func flush(at now: Instant) -> PacingActions<Output, Instant>
  /// The shell gives back the candidate lent by ``FoldingPacingMachine/lendCandidate()``,
  /// with what it folded into it. The shell does so before it hands the machine any event.
  mutating func lentCandidateReturned(_ candidate: Output)
}

extension PacingMachine {
  /// Machines that never lend a candidate are never given one back.
  @inlinable
  mutating func lentCandidateReturned(_ candidate: Output) {
    preconditionFailure("a candidate was returned to a machine that lends none")
  }
}

/// A machine that takes each element as it is (debounce).
@usableFromInline
protocol ElementPacingMachine: PacingMachine {
  associatedtype Element: Sendable

  mutating func elementArrived(_ element: Element, at now: Instant) -> PacingActions<
    Output, Instant
  >
}

/// A machine that folds elements into its output (throttle): it says whether it wants an
/// element and what to fold it into, and the shell computes the fold, synchronously or by
/// awaiting an async reducer.
@usableFromInline
protocol FoldingPacingMachine: PacingMachine {
  /// An element arrived: `fold` maps the value to fold into (`nil` for a fresh fold) to the
  /// new value; it is called only if the machine keeps the element.
  mutating func elementArrived(at now: Instant, folding fold: (Output?) -> Output)
    -> PacingActions<Output, Instant>

  /// An element arrived and will be folded asynchronously: if the machine keeps it, the
  /// actions carry a ``PacingActions/foldRequest``, and the shell must answer with
  /// `foldFinished(_:at:)` before it gives the machine another element.
  mutating func elementArrivedForAsyncFold(at now: Instant) -> PacingActions<Output, Instant>

  /// The fold of the element the machine kept is `value`. `now` reads the clock: the machine
  /// calls it only when the instant matters (the value is emitted at once), so a fold that
  /// only updates the candidate costs no clock reading.
  mutating func foldFinished(_ value: Output, at now: () -> Instant) -> PacingActions<
    Output, Instant
  >

  /// Lends the shell the candidate, if every element arriving before `until` would be folded
  /// into it: the shell may then fold them itself, one at a time and in arrival order, and
  /// must give the result back with ``PacingMachine/lentCandidateReturned(_:)`` before any
  /// other event. Meanwhile the machine counts as folding: if a deadline comes while the
  /// shell's fold is running, the shell answers with `foldFinished(_:at:)` instead.
  mutating func lendCandidate() -> (candidate: Output, until: Instant)?
}
