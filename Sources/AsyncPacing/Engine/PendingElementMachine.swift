/// A machine that holds at most one pending element and emits it at one deadline, its
/// `wakeAt`: a debounce (the end of the quiet period, or `maxWait`) and a sample (the next
/// tick). Reaching that deadline is the same event for both.
@usableFromInline
protocol PendingElementMachine: PacingMachine {
  /// When the pending element falls due, if there is one and its deadline comes at all.
  var wakeAt: Instant? { get }

  /// Emits the pending element at its deadline if that deadline is not after `now`.
  mutating func emitPendingIfDue(at now: Instant, into actions: inout PacingActions<Output, Instant>)
}

extension PendingElementMachine {
  @inlinable
  mutating func deadlineReached(at now: Instant) -> PacingActions<Output, Instant> {
    var actions = PacingActions<Output, Instant>(.idle)
    emitPendingIfDue(at: now, into: &actions)
    actions.next = .waking(at: wakeAt)
    return actions
  }

  /// The pending element waits for what comes anyway: a debounce's finish or flush, a
  /// sample's finish or a later tick's element. A timer that gave up only stops asking for the
  /// deadline until the next event.
  @inlinable
  mutating func deadlineUnreachable(at now: Instant) -> PacingActions<Output, Instant> {
    PacingActions(.idle)
  }
}
