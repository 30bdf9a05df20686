/// A throttle machine whose windows open when the action starts, keeping the latest or the
/// first value of each window.
@usableFromInline
struct ThrottlePacerMachine<Value: Sendable, Instant: PacingInstant>: PacerMachine {
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
  mutating func dropPending() -> Instant? { throttle.dropCandidate() }

  @inlinable
  mutating func deadlineReached(at now: Instant) -> Actions { throttle.deadlineReached(at: now) }

  @inlinable
  mutating func flush(at now: Instant) -> Actions { throttle.flush(at: now) }
}
