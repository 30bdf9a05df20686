/// Debounce as a pacer runs it: values sent are elements, and the action's start changes no
/// timing.
extension DebounceMachine: CallbackPacingMachine {
  @inlinable
  static var pacerName: StaticString { "Debouncer" }

  /// The contract's rule that the per-value closure must not call the pacer, named when it
  /// does (``UserClosureCalls``).
  @inlinable
  static var perValueRule: StaticString { "Each element's own interval" }

  @inlinable
  mutating func flush(at now: Instant) -> Actions {
    var actions = Actions(.idle)
    emitEverythingPending(at: now, into: &actions)
    actions.next = .waking(at: wakeAt)
    return actions
  }

  /// Debounce times arrivals, not actions.
  @inlinable
  mutating func emissionStarted(_ value: Output, at now: Instant, othersWaiting: Bool) -> Actions {
    Actions(.waking(at: wakeAt))
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
