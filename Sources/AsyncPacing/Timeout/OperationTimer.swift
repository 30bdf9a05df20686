/// The concurrency around ``OperationDeadline``: the machine under a lock, on a clock, with the
/// timer that sleeps toward its deadline (`OperationTimerSleep.swift`). `C` is the clock the
/// caller named, whose instants the call takes and reports; `T` the clock its time runs on:
/// `C` itself, or the stand-in of a form without `clock:` (``OperationTiming``).
///
/// An operation's timeout needs no sequence shell: it has one operation, no elements and one
/// outcome, and the operation must run as a **child** task of the caller, so that it inherits
/// the caller's priority and task-local values, can be cancelled without cancelling the
/// caller, and never outlives the call; the shell's tasks are unstructured by design. It shares
/// the shell's timebase (far deadlines in chunks) and its guard against clocks that never reach
/// a deadline.
final class OperationTimer<C: Clock, T: Clock>: Sendable where T.Duration == C.Duration {
  typealias Instant = ElapsedInstant<C.Duration>

  struct State: Sendable {
    var deadline: OperationDeadline<Instant>
    /// The deadline in force as the caller gave it (an instant, and the extensions since),
    /// reported when it runs out; `nil` for one given as a limit, reported as the call's start
    /// plus the limit. Added up only when reported: an extension never traps.
    var given: (instant: C.Instant, extended: C.Duration)?
    /// The timer, waiting for the deadline to change (a movable deadline only), and the
    /// deadline it sleeps toward meanwhile: `nil` for one that waits for any change.
    var changeWaiter: (waiter: UnsafeContinuation<Void, Never>, target: Instant?)?
  }

  let timebase: PacingTimebase<T>
  /// How the caller's instants map to the timebase's offsets.
  let instants: DeadlineInstants<C>
  let state: LockedState<State>
  /// Whether the deadline can change while the timer sleeps: only then is its sleep
  /// interruptible, which costs two tasks per sleep.
  let isMovable: Bool

  init(deadline: C.Instant, timing: OperationTiming<C, T>, isMovable: Bool) {
    self.timebase = timing.timebase
    self.instants = timing.instants
    self.isMovable = isMovable
    let offset = timing.instants.offset(of: deadline, now: timing.timebase.now)
    state = LockedState(
      State(deadline: OperationDeadline(deadline: offset), given: (deadline, .zero)))
  }

  init(limit: C.Duration, timing: OperationTiming<C, T>) {
    self.timebase = timing.timebase
    self.instants = timing.instants
    self.isMovable = false
    // A limit past the last instant there is never runs out.
    let deadline = Instant(.zero).after(limit)
    state = LockedState(State(deadline: OperationDeadline(deadline: deadline)))
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
      return clockInstant(deadline, given: state.given)
    }
  }

  /// `deadline` as an instant of the clock: the one the caller gave, if any.
  private func clockInstant(
    _ deadline: Instant, given: (instant: C.Instant, extended: C.Duration)?
  ) -> C.Instant {
    guard let given else { return instants.instant(at: deadline) }
    return given.instant.advanced(by: given.extended)
  }

  /// The deadline in force, as an instant of the clock.
  var deadlineInForce: C.Instant? {
    state.withLock { state in
      state.deadline.deadline.map { clockInstant($0, given: state.given) }
    }
  }

  /// Sets the deadline to `instant` (`nil` lifts the limit); `false` if too late.
  func move(to instant: C.Instant?) -> Bool {
    change { state in
      // An instant past the last one there is never comes: no limit.
      let offset = instant.flatMap { instants.offset(of: $0, now: timebase.now) }
      guard state.deadline.move(to: offset, at: timebase.now) else { return false }
      state.given = offset == nil ? nil : instant.map { ($0, .zero) }
      return true
    }
  }

  /// Moves the deadline in force by `duration`; `false` if there is none or it is too late.
  func extend(by duration: C.Duration) -> Bool {
    change { state in
      guard state.deadline.extend(at: timebase.now, { $0.after(duration) }) else { return false }
      if state.deadline.deadline == nil {
        state.given = nil
      } else if let given = state.given {
        state.given = (given.instant, given.extended + duration)
      }
      return true
    }
  }

  /// Applies a change to the deadline, and wakes the timer if it sleeps toward a later
  /// deadline than the new one, or waits for any change: a timer woken at a deadline that moved
  /// later, or was lifted, finds out then.
  private func change(_ body: (inout State) -> Bool) -> Bool {
    let (changed, waiter) = state.withLock {
      state -> (Bool, UnsafeContinuation<Void, Never>?) in
      guard body(&state) else { return (false, nil) }
      guard let (waiter, target) = state.changeWaiter else { return (true, nil) }
      let wakes: Bool
      switch (target, state.deadline.deadline) {
      case (nil, _): wakes = true
      case (let target?, let deadline?): wakes = deadline < target
      case (_?, nil): wakes = false
      }
      if wakes { state.changeWaiter = nil }
      return (true, wakes ? waiter : nil)
    }
    waiter?.resume()
    return changed
  }
}

extension OperationTimer: DeadlineMoves {
  typealias MovedClock = C
}
