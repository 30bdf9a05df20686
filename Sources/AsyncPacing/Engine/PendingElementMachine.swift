/// A machine that holds at most one pending element and emits it at one deadline, its
/// `wakeAt`: a debounce (the end of the quiet period, or `maxWait`) and a sample (the next
/// tick). Its deadline, its finish and its failure are the same events for both.
@usableFromInline
protocol PendingElementMachine: PacingMachine where Output == Element {
  /// When the pending element falls due, if there is one and its deadline comes at all.
  var wakeAt: Instant? { get }

  /// Emits the pending element, if any, due at `instant`.
  mutating func emitPending(
    dueAt instant: Instant, into actions: inout PacingActions<Output, Instant>)

  /// Drops the pending element, if any, leaving the rest of the timing alone.
  mutating func dropPendingElement()
}

extension PendingElementMachine {
  /// Emits the pending element at its deadline if that deadline is not after `now`.
  @inlinable
  mutating func emitPendingIfDue(
    at now: Instant, into actions: inout PacingActions<Output, Instant>
  ) {
    guard let due = wakeAt, due <= now else { return }
    emitPending(dueAt: due, into: &actions)
  }

  /// What fell due by `now` first, then what is pending, due at `now`: a finish, a flush.
  @inlinable
  mutating func emitEverythingPending(
    at now: Instant, into actions: inout PacingActions<Output, Instant>
  ) {
    emitPendingIfDue(at: now, into: &actions)
    emitPending(dueAt: now, into: &actions)
  }

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

  /// What fell due by the finish's instant comes first, then what is pending, at once: the
  /// last element is never lost.
  @inlinable
  mutating func upstreamFinished(at now: Instant) -> PacingActions<Output, Instant> {
    var actions = PacingActions<Output, Instant>(.end(.finish))
    emitEverythingPending(at: now, into: &actions)
    return actions
  }

  /// What fell due by the error's instant comes first; the pending element of a period the
  /// error cuts short is dropped.
  @inlinable
  mutating func upstreamFailed(at now: Instant) -> PacingActions<Output, Instant> {
    var actions = PacingActions<Output, Instant>(.end(.failure))
    emitPendingIfDue(at: now, into: &actions)
    dropPendingElement()
    return actions
  }
}
