/// What a callback pacer needs of a machine: values sent in, deadlines, a flush, the action's
/// start, and a cancel that drops what waits but keeps the timing state. A pacer has no
/// upstream to end, so it needs nothing else of a ``PacingMachine``.
@usableFromInline
protocol PacerMachine: Sendable {
  associatedtype Value: Sendable
  associatedtype Instant: PacingInstant

  mutating func valueSent(_ value: Value, at now: Instant) -> PacingActions<Value, Instant>
  /// The shell's timer woke; `now` may be later than the `wakeAt` it slept for.
  mutating func deadlineReached(at now: Instant) -> PacingActions<Value, Instant>
  /// The pending value becomes due now, whatever its deadline.
  mutating func flush(at now: Instant) -> PacingActions<Value, Instant>
  /// The action really started at `now` with an emitted value.
  mutating func actionStarted(at now: Instant) -> PacingActions<Value, Instant>
  /// Drops the pending value, and forgets an emission the shell dropped from its mailbox;
  /// quiet periods and windows stay as they are. Returns the machine's next `wakeAt`.
  mutating func dropPending() -> Instant?
}
