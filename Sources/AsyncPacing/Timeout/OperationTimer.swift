/// The concurrency around ``OperationDeadline``: the machine under a lock, on a clock, with the
/// timer that sleeps toward its deadline.
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
    /// The timer, waiting for the deadline to change (a movable deadline only).
    var changeWaiter: UnsafeContinuation<Void, Never>?
  }

  let timebase: PacingTimebase<C>
  let state: LockedState<State>
  /// Whether the deadline can change while the timer sleeps: only then is its sleep
  /// interruptible, which costs two tasks per sleep.
  let isMovable: Bool

  init(deadline: C.Instant?, timebase: PacingTimebase<C>, isMovable: Bool) {
    self.timebase = timebase
    self.isMovable = isMovable
    let offset = deadline.map { Instant(timebase.origin.duration(to: $0)) }
    state = LockedState(State(deadline: OperationDeadline(deadline: offset)))
  }

  init(limit: C.Duration, timebase: PacingTimebase<C>) {
    self.timebase = timebase
    self.isMovable = false
    // A limit past the last instant there is never runs out.
    let deadline = Instant(.zero).after(limit)
    state = LockedState(State(deadline: OperationDeadline(deadline: deadline)))
  }

  /// `instant`, an offset of the timebase, as an instant of the clock.
  func clockInstant(_ instant: Instant) -> C.Instant {
    timebase.origin.advanced(by: instant.sinceOrigin)
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

  /// The deadline that ran out, once the call is decided and timed out.
  var expiredDeadline: Instant? {
    state.withLock { state in
      if case .expired(let deadline) = state.deadline.phase { deadline } else { nil }
    }
  }

  /// Sets a new deadline (`nil` lifts the limit) and wakes the timer; `false` if too late.
  func move(to deadline: Instant?) -> Bool {
    let (moved, waiter) = state.withLock { state in
      let moved = state.deadline.move(to: deadline, at: timebase.now)
      return (moved, moved ? state.changeWaiter.take() : nil)
    }
    waiter?.resume()
    return moved
  }

  /// Moves the deadline in force by `duration` and wakes the timer; `false` if there is none or
  /// it is too late.
  func extend(by duration: C.Duration) -> Bool {
    let (moved, waiter) = state.withLock { state in
      let moved = state.deadline.extend(at: timebase.now) { $0.after(duration) }
      return (moved, moved ? state.changeWaiter.take() : nil)
    }
    waiter?.resume()
    return moved
  }

  /// Sleeps toward the deadline until the time runs out (`true`) or the call is decided or
  /// cancelled (`false`).
  func runTimer() async -> Bool {
    var progress = PacingTimerProgress<Instant>()
    var target: Instant?
    while true {
      let (step, generation) = timerStep()
      switch step {
      case .expire: return true
      case .stop: return false
      case .waitForChange:
        await waitForChange(from: generation)
        if Task.isCancelled { return false }
      case .sleep(let deadline):
        // Stalls count toward one deadline.
        if deadline != target { progress = PacingTimerProgress() }
        target = deadline
        let overshoot = progress.overshoot(resolution: timebase.minimumResolution)
        let wake = await sleep(until: deadline, overshoot: overshoot, generation: generation)
        switch wake {
        case .cancelled: return false
        case .moved: continue
        case .slept, .failed:
          if progress.recordWake(at: timebase.now, toward: deadline, sleepFailed: wake == .failed) {
            // The clock never brings this deadline closer: it never fires, but a move may.
            await waitForChange(from: generation)
            if Task.isCancelled { return false }
          }
        }
      }
    }
  }

  enum Wake: Equatable {
    case slept, failed, cancelled, moved
  }

  private func sleep(until deadline: Instant, overshoot: C.Duration, generation: UInt64) async
    -> Wake
  {
    guard isMovable else {
      return Wake(await timebase.sleep(until: deadline, overshoot: overshoot))
    }
    return await withTaskGroup(of: Wake.self) { group in
      group.addTask { Wake(await self.timebase.sleep(until: deadline, overshoot: overshoot)) }
      group.addTask {
        await self.waitForChange(from: generation)
        return .moved
      }
      let first = await group.next() ?? .cancelled
      group.cancelAll()
      // A cancelled call cancels both: say so, whichever came first.
      return Task.isCancelled ? .cancelled : first
    }
  }

  /// Returns once the deadline's generation differs from `generation`, or the task is
  /// cancelled.
  private func waitForChange(from generation: UInt64) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (waiter: UnsafeContinuation<Void, Never>) in
        let resumesNow = state.withLock { state -> Bool in
          // The cancellation flag is set before the handler runs, and both read it under this
          // lock: a waiter is either never stored or resumed by the handler.
          guard state.deadline.generation == generation, !Task.isCancelled else { return true }
          state.changeWaiter = waiter
          return false
        }
        if resumesNow { waiter.resume() }
      }
    } onCancel: {
      state.withLock { $0.changeWaiter.take() }?.resume()
    }
  }
}

extension OperationTimer.Wake {
  init(_ wake: PacingTimebase<C>.Wake) {
    switch wake {
    case .slept: self = .slept
    case .failed: self = .failed
    case .cancelled: self = .cancelled
    }
  }
}
