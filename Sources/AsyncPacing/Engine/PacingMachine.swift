/// A pure timing state machine: events and their instants in, ``PacingActions`` out.
///
/// A machine reads no clock, starts no task and takes no lock. It decides by comparing the
/// instants it is given, so the outcome never depends on the order in which a shell delivers
/// events that share an instant: a deadline at an event's instant is always handled first
/// (periods are half-open). One engine runs any machine, for the sequence operators and for
/// the callback pacers alike.
@usableFromInline
protocol PacingMachine: Sendable {
  associatedtype Element: Sendable
  associatedtype Output: Sendable
  associatedtype Instant: PacingInstant

  mutating func elementArrived(_ element: Element, at now: Instant) -> PacingActions<
    Output, Instant
  >
  /// The shell's timer woke; `now` may be later than the `wakeAt` it slept for.
  mutating func deadlineReached(at now: Instant) -> PacingActions<Output, Instant>
  mutating func upstreamFinished(at now: Instant) -> PacingActions<Output, Instant>
  mutating func upstreamFailed(at now: Instant) -> PacingActions<Output, Instant>
  /// The pending output becomes due now, whatever its deadline.
  mutating func flush(at now: Instant) -> PacingActions<Output, Instant>
}
