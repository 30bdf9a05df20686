/// The events a callback pacer adds to a ``PacingMachine``'s: values sent are its elements
/// (and come out as they went in), a flush, the action's start, and a cancel that drops what
/// waits but keeps the timing state. `Debouncer` and `Throttler` run their machines through
/// these, besides the element and deadline events.
@usableFromInline
protocol CallbackPacingMachine: ElementPacingMachine where Output == Element {
  /// The pending value becomes due now, whatever its deadline.
  mutating func flush(at now: Instant) -> PacingActions<Output, Instant>
  /// The action really started at `now` with `value`, one the machine emitted; `othersWaiting`:
  /// values emitted after it wait in the shell's mailbox.
  mutating func emissionStarted(_ value: Output, at now: Instant, othersWaiting: Bool)
    -> PacingActions<Output, Instant>
  /// Drops the pending value, and forgets an emission the shell dropped from its mailbox;
  /// quiet periods and windows stay as they are. Returns the machine's next `wakeAt`.
  mutating func dropPending() -> Instant?
  /// Whether the machine holds a value that is yet to fall due.
  var hasPendingValue: Bool { get }
  /// The contract's rule a call back into the pacer from its per-value interval closure
  /// breaks, named with the pacer when it stops the program.
  static var perValueRule: StaticString { get }
  /// The pacer that runs this machine, as the clock's host hears of it (`Debouncer`).
  static var pacerName: StaticString { get }
  associatedtype Intervals: PacingIntervals
  /// Each value's interval: fixed, or the user's per-value closure, which runs under the
  /// pacer's lock.
  var intervals: Intervals { get }
}

extension CallbackPacingMachine {
  /// Where the task running the user's per-value closure is recorded; `nil` for one interval.
  @inlinable
  var userClosureCalls: UserClosureCalls? { intervals.userClosureCalls }
}
