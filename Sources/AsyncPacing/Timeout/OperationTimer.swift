/// The concurrency around ``OperationDeadline``: the machine under a lock, on a clock, with the
/// timer that sleeps toward its deadline (`OperationTimerSleep.swift`).
///
/// An operation's timeout needs no sequence shell: it has one operation, no elements and one
/// outcome, and the operation must run as a **child** task of the caller, so that it inherits
/// the caller's priority and task-local values, can be cancelled without cancelling the
/// caller, and never outlives the call; the shell's tasks are unstructured by design. It shares
/// the shell's timebase (the test clock followed, far deadlines in chunks) and its guard
/// against clocks that never reach a deadline.
final class OperationTimer<C: Clock>: Sendable {
  typealias Instant = ElapsedInstant<C.Duration>

  struct State: Sendable {
    var deadline: OperationDeadline<Instant>
    /// The deadline in force as the caller gave it, reported when it runs out; `nil` for one
    /// given as a limit, reported as the call's start plus the limit.
    var given: C.Instant?
    /// The timer, waiting for the deadline to change (a movable deadline only).
    var changeWaiter: UnsafeContinuation<Void, Never>?
  }

  let timebase: PacingTimebase<C>
  let state: LockedState<State>
  /// Whether the deadline can change while the timer sleeps: only then is its sleep
  /// interruptible, which costs two tasks per sleep that a move cuts short.
  let isMovable: Bool

  init(deadline: C.Instant, timebase: PacingTimebase<C>, isMovable: Bool) {
    self.timebase = timebase
    self.isMovable = isMovable
    let offset = Self.offset(of: deadline, on: timebase)
    state = LockedState(State(deadline: OperationDeadline(deadline: offset), given: deadline))
  }

  init(limit: C.Duration, timebase: PacingTimebase<C>) {
    self.timebase = timebase
    self.isMovable = false
    // A limit past the last instant there is never runs out.
    let deadline = Instant(.zero).after(limit)
    state = LockedState(State(deadline: OperationDeadline(deadline: deadline)))
  }

  /// An instant of the clock as an offset of the timebase; `nil` past the last one there is.
  /// Following a test clock (a form without `clock:`), an instant of the real clock is as far
  /// from the test's `now` as it is from the real `now`: a deadline five seconds away is five
  /// seconds of the test's time away.
  static func offset(of instant: C.Instant, on timebase: PacingTimebase<C>) -> Instant? {
    guard timebase.followed != nil else { return Instant(timebase.origin.duration(to: instant)) }
    return timebase.now.after(timebase.clock.now.duration(to: instant))
  }

  /// The timer's next step at the clock's `now`, and the deadline's generation it is for.
  func timerStep() -> (OperationDeadline<Instant>.TimerStep, UInt64) {
    state.withLock { state in
      (state.deadline.timerStep(at: timebase.now), state.deadline.generation)
    }
  }

  /// The operation returned now: the deadline that ran out, if it did.
  func operationReturned() -> Instant? {
    state.withLock { $0.deadline.operationReturned(at: timebase.now) }
  }

  /// The timer stopped because the caller was cancelled: no timeout, unless the time ran out
  /// first.
  func callerCancelled() {
    state.withLock { $0.deadline.callerCancelled(at: timebase.now) }
  }

  /// The deadline that ran out, as an instant of the clock, once the call timed out.
  var expiredDeadline: C.Instant? {
    state.withLock { state in
      guard case .expired(let deadline) = state.deadline.phase else { return nil }
      return state.given ?? timebase.origin.advanced(by: deadline.sinceOrigin)
    }
  }

  /// The deadline in force, as an instant of the clock.
  var deadlineInForce: C.Instant? {
    state.withLock { state in
      state.deadline.deadline.map { state.given ?? timebase.origin.advanced(by: $0.sinceOrigin) }
    }
  }

  /// Sets the deadline to `instant` (`nil` lifts the limit); `false` if too late.
  func move(to instant: C.Instant?) -> Bool {
    change { state in
      let offset = instant.map { Self.offset(of: $0, on: timebase) }
      // An instant past the last one there is never comes: no limit.
      guard state.deadline.move(to: offset ?? nil, at: timebase.now) else { return false }
      state.given = offset == nil ? nil : instant
      return true
    }
  }

  /// Moves the deadline in force by `duration`; `false` if there is none or it is too late.
  func extend(by duration: C.Duration) -> Bool {
    change { state in
      guard state.deadline.extend(at: timebase.now, { $0.after(duration) }) else { return false }
      state.given = state.deadline.deadline == nil ? nil : state.given?.advanced(by: duration)
      return true
    }
  }

  /// Applies a change to the deadline, and wakes a timer sleeping toward a later one: a timer
  /// woken at a deadline that moved later, or was lifted, finds out then.
  private func change(_ body: (inout State) -> Bool) -> Bool {
    let (changed, waiter) = state.withLock {
      state -> (Bool, UnsafeContinuation<Void, Never>?) in
      let before = state.deadline.deadline
      guard body(&state) else { return (false, nil) }
      guard let after = state.deadline.deadline else { return (true, nil) }
      let sooner = before.map { after < $0 } ?? true
      return (true, sooner ? state.changeWaiter.take() : nil)
    }
    waiter?.resume()
    return changed
  }
}
