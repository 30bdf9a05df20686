/// The rules of <doc:PacingContract> ("Deadlines for an operation") as a pure state machine:
/// instants in, what the timer does and how the call ends out.
///
/// Every decision compares instants, so the outcome does not depend on whether the timer's task
/// or the operation's ran first at the deadline's instant: the operation has
/// `[start, deadline)`, and a deadline reached is final.
struct OperationDeadline<Instant: Comparable & Sendable>: Sendable {
  enum DeadlinePhase: Sendable {
    /// The operation runs; `nil`: the limit was removed.
    case running(deadline: Instant?)
    /// The time ran out at `deadline`: the operation is cancelled, and the call times out.
    case expired(deadline: Instant)
    /// The operation returned in time, or the caller was cancelled first: the operation's
    /// outcome is the call's.
    case returned
    /// The caller was cancelled before the time ran out: the limit no longer applies, and the
    /// operation's outcome, whenever it comes, is the call's.
    case withdrawn
  }

  /// What the timer does next.
  enum TimerStep: Equatable, Sendable {
    case sleep(until: Instant)
    /// No deadline: wait for one to be set.
    case waitForChange
    /// The time ran out: cancel the operation.
    case expire
    /// The call is decided: the timer has nothing more to do.
    case stop
  }

  private(set) var phase: DeadlinePhase
  /// Counts the deadline's changes, so that a timer sleeping toward an older one wakes.
  private(set) var generation: UInt64 = 0

  init(deadline: Instant?) {
    phase = .running(deadline: deadline)
  }

  /// The timer starts, or woke, at `now`.
  mutating func timerStep(at now: Instant) -> TimerStep {
    switch phase {
    case .running(let deadline?) where deadline <= now:
      phase = .expired(deadline: deadline)
      return .expire
    case .running(let deadline?):
      return .sleep(until: deadline)
    case .running(nil):
      return .waitForChange
    case .expired, .returned, .withdrawn:
      return .stop
    }
  }

  /// The caller was cancelled at `now`: unless the time has run out by then, no timeout.
  mutating func callerCancelled(at now: Instant) {
    switch phase {
    case .running(let deadline?) where deadline <= now:
      phase = .expired(deadline: deadline)
    case .running:
      phase = .withdrawn
    case .expired, .returned, .withdrawn:
      break
    }
  }

  /// The operation returned at `now`: the deadline that ran out, if it did (the deadline wins
  /// at its very instant), or `nil` for an operation in time.
  mutating func operationReturned(at now: Instant) -> Instant? {
    switch phase {
    case .running(let deadline?) where deadline <= now:
      phase = .expired(deadline: deadline)
      return deadline
    case .running:
      phase = .returned
      return nil
    case .expired(let deadline):
      return deadline
    case .withdrawn:
      phase = .returned
      return nil
    case .returned:
      preconditionFailure("an operation returned twice")
    }
  }

  /// Sets a new deadline at `now` (`nil` lifts the limit); `false`, changing nothing, once the
  /// current deadline has been reached or the operation has returned.
  mutating func move(to deadline: Instant?, at now: Instant) -> Bool {
    guard case .running(let current) = phase else { return false }
    if let current, current <= now { return false }
    phase = .running(deadline: deadline)
    generation &+= 1
    return true
  }

  /// Moves the deadline in force to `later(current)`, where `nil` is past the last instant
  /// there is, a deadline that never comes; `false`, changing nothing, if there is no deadline,
  /// or it is too late to move it.
  mutating func extend(at now: Instant, _ later: (Instant) -> Instant?) -> Bool {
    guard case .running(let current?) = phase else { return false }
    return move(to: later(current), at: now)
  }

  /// The deadline in force, if the operation still runs under one.
  var deadline: Instant? {
    switch phase {
    case .running(let deadline): deadline
    case .expired(let deadline): deadline
    case .returned, .withdrawn: nil
    }
  }
}
