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
    pending = nil
    maxWaitDeadline = nil
    // With nothing pending, nothing is timed.
    return nil
  }
}

/// A throttle machine whose windows open when the action starts, keeping the latest or the
/// first value of each window.
@usableFromInline
struct ThrottlerMachine<Value: Sendable, Instant: PacingInstant>: PacerMachine {
  @usableFromInline typealias Actions = PacingActions<Value, Instant>

  @usableFromInline var throttle: ThrottleMachine<Value, Instant>
  @usableFromInline let keepsLatest: Bool

  @inlinable
  init(_ configuration: ThrottleConfiguration<Instant.Duration>, keepsLatest: Bool) {
    throttle = ThrottleMachine(configuration)
    self.keepsLatest = keepsLatest
  }

  @inlinable
  mutating func valueSent(_ value: Value, at now: Instant) -> Actions {
    let keepsLatest = keepsLatest
    return throttle.elementArrived(at: now) { candidate in
      keepsLatest ? value : (candidate ?? value)
    }
  }

  @inlinable
  mutating func actionStarted(at now: Instant) -> Actions {
    throttle.emissionStarted(at: now)
  }

  @inlinable
  mutating func dropPending() -> Instant? {
    throttle.candidate = nil
    // The emitted value that waited for the action is gone too: no window will open for it.
    throttle.awaitingStart = false
    return throttle.wakeAt
  }

  @inlinable
  mutating func deadlineReached(at now: Instant) -> Actions { throttle.deadlineReached(at: now) }

  @inlinable
  mutating func flush(at now: Instant) -> Actions { throttle.flush(at: now) }
}
