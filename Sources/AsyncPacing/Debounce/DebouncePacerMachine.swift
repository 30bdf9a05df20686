/// Debounce as a pacer runs it: values sent are elements, and the action's start changes no
/// timing.
extension DebounceMachine: CallbackPacingMachine {
  @inlinable
  mutating func flush(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    emitPendingIfDue(at: now, into: &actions)
    emitPending(dueAt: now, into: &actions)
    actions.wakeAt = deadline
    return actions
  }

  /// Debounce times arrivals, not actions.
  @inlinable
  mutating func emissionStarted(_ value: Output, at now: Instant, othersWaiting: Bool) -> Actions {
    var actions = Actions()
    actions.wakeAt = deadline
    return actions
  }

  @inlinable
  var hasPendingValue: Bool { pending != nil }

  @inlinable
  mutating func dropPending() -> Instant? {
    dropPendingElement()
    // With nothing pending, nothing is timed.
    return nil
  }
}
