/// Debounce as a pacer runs it: values sent are elements, and the action's start changes no
/// timing.
extension DebounceMachine: PacerMachine {
  @usableFromInline typealias Value = Element

  @inlinable
  mutating func valueSent(_ value: Element, at now: Instant) -> Actions {
    elementArrived(value, at: now)
  }

  /// Debounce times arrivals, not actions.
  @inlinable
  mutating func actionStarted(at now: Instant) -> Actions {
    var actions = Actions()
    actions.wakeAt = deadline
    return actions
  }

  @inlinable
  mutating func dropPending() -> Instant? {
    dropPendingElement()
    // With nothing pending, nothing is timed.
    return nil
  }
}
