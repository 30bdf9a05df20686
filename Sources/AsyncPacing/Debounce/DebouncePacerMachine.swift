/// Debounce as a pacer runs it: values sent are elements, and the action's start changes no
/// timing.
extension DebounceMachine: CallbackPacingMachine {
  @inlinable
  static var pacerName: StaticString { "Debouncer" }

  /// `nil` for one interval: no user code runs under the lock.
  @inlinable
  static var reentranceMessage: StaticString? {
    guard Intervals.runsUserCode else { return nil }
    return """
      Debouncer: called from its own per-value interval closure (`Debouncer(for: { value in … })`), \
      which runs under the debouncer's lock; the closure must not call the debouncer (the pacing \
      contract, "Each element's own interval"): decide in the action, or send from another task
      """
  }

  @inlinable
  var userClosureCalls: UserClosureCalls? { intervals.userClosureCalls }

  @inlinable
  mutating func flush(at now: Instant) -> Actions {
    var actions = Actions(.idle)
    emitPendingIfDue(at: now, into: &actions)
    emitPending(dueAt: now, into: &actions)
    actions.next = .waking(at: deadline)
    return actions
  }

  /// Debounce times arrivals, not actions.
  @inlinable
  mutating func emissionStarted(_ value: Output, at now: Instant, othersWaiting: Bool) -> Actions {
    Actions(.waking(at: deadline))
  }

  @inlinable
  var hasPendingValue: Bool {
    if case .quiet(_, _?) = phase { true } else { false }
  }

  @inlinable
  mutating func dropPending() -> Instant? {
    dropPendingElement()
    // With nothing pending, nothing is timed.
    return nil
  }
}
