/// A pure timing state machine: events and their instants in, ``PacingActions`` out.
///
/// A machine reads no clock, starts no task and takes no lock. It decides by comparing the
/// instants it is given, so the outcome never depends on the order in which a shell delivers
/// events that share an instant: a deadline at an event's instant is always handled first
/// (periods are half-open). Once an event's actions end the machine, the shell gives it no
/// other event, so a machine keeps no "ended" state of its own.
///
/// These are the events every machine takes; how it takes elements is one of two refinements:
/// ``ElementPacingMachine`` decides about each element as it arrives (debounce, sample, a throttle
/// that keeps the latest or first element), ``FoldingPacingMachine`` leaves each fold to the
/// shell, which awaits the user's reducer (the reducing throttle). The shell core
/// (`ShellCore`) runs any machine, for the sequence operators and, with the events of
/// ``CallbackPacingMachine``, for the callback pacers.
@usableFromInline
protocol PacingMachine: Sendable {
  associatedtype Element: Sendable
  associatedtype Output: Sendable
  associatedtype Instant: PacingInstant

  /// The shell's timer woke; `now` may be later than the deadline it slept for.
  mutating func deadlineReached(at now: Instant) -> PacingActions<Output, Instant>
  /// The shell's timer gave up on the deadline: the clock never brought it closer (see
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
  /// The iteration was cancelled: the shell drops what waits, and the machine gets no other
  /// event. Only a machine that lends its candidate out (``FoldingPacingMachine``) has anything
  /// to take back.
  mutating func iterationCancelled()

  /// How a sequence's shell reads the upstream for this machine (<doc:PacingContract>,
  /// "Delivery to the consumer").
  static var delivery: PacingDelivery { get }
  /// The consumer called `next()` and waits, with nothing for it: heard only by a machine that
  /// reads on demand, for which each call asks the upstream for one element.
  mutating func consumerAsked(at now: Instant) -> PacingActions<Output, Instant>
}

/// How a sequence's shell reads its upstream and delivers to a busy consumer.
@usableFromInline
enum PacingDelivery: Sendable {
  /// From the first `next()` on, whatever the consumer does; a consumer back later than its
  /// outputs fell due gets the latest.
  case continuous
  /// Continuously, for a machine whose output is an accumulation of elements (a reducing
  /// throttle): an output is never replaced, and one the consumer has not taken when the next
  /// element arrives goes back to the machine, which folds that element into it.
  case accumulating
  /// One element per `next()`, only while the consumer waits: every output is delivered.
  case onDemand

  /// Whether every output waiting in the mailbox reaches the consumer, none replaced by a
  /// later one.
  @inlinable
  var keepsEveryOutput: Bool { self != .continuous }
}

extension PacingMachine {
  @inlinable
  static var tracksIterationStart: Bool { false }

  @inlinable
  mutating func iterationStarted(at now: Instant) {}

  @inlinable
  mutating func iterationCancelled() {}

  @inlinable
  static var delivery: PacingDelivery { .continuous }

  @inlinable
  mutating func consumerAsked(at now: Instant) -> PacingActions<Output, Instant> {
    preconditionFailure("a machine that reads continuously heard a consumer's next()")
  }
}

/// A machine that decides about each element under the shell's lock, as it arrives.
@usableFromInline
protocol ElementPacingMachine: PacingMachine {
  mutating func elementArrived(_ element: Element, at now: Instant) -> PacingActions<
    Output, Instant
  >
}
