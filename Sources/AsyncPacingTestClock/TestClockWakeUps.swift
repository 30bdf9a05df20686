import AsyncPacing

/// The timers of the operators and pacers timed by a test clock, kept as sleepers of the clock
/// (AsyncPacing's seam, `PacingHost.wake(at:fromWakeUp:_:)`): a pending deadline costs no task.
extension TestClock {
  /// Wakes `fire` at `deadline`, in a task on the test executor, once the test moves time
  /// there; `nil` in manual mode, where no executor runs the work.
  ///
  /// ```swift
  /// let deadline = clock.now.advanced(by: .seconds(1))
  /// let wakeUp = clock.wake(at: deadline, fromWakeUp: false) {}
  /// ```
  public func wake(
    at deadline: any InstantProtocol, fromWakeUp: Bool, _ fire: @escaping @Sendable () -> Void
  ) -> PacingWakeUp? {
    guard let testExecutor, let deadline = deadline as? Instant else { return nil }
    let id = state.withLock { state in
      let id = state.reserveSleeperID()
      if !fromWakeUp { state.joiningWakeUps.insert(id) }
      return id
    }
    if fromWakeUp {
      // From the fire of the wake-up before: at once, as the woken timer task would sleep again.
      join(id, at: deadline, fire, firesWhenDue: false)
    } else {
      // Where a timer task started now would sleep: in its first job, after those queued.
      Task(executorPreference: testExecutor) {
        self.join(id, at: deadline, fire, firesWhenDue: true)
      }
    }
    return PacingWakeUp { self.withdrawWakeUp(id) }
  }

  /// Puts the wake-up `id` on the timeline, unless it was withdrawn on its way there. One that
  /// is due already fires now if `firesWhenDue` (in a timer task's first job, its sleep would
  /// return at once), or else in a task of its own.
  private func join(
    _ id: UInt64, at deadline: Instant, _ fire: @escaping @Sendable () -> Void,
    firesWhenDue: Bool
  ) {
    let registration = state.withLock { state -> SleepRegistration? in
      if firesWhenDue, state.joiningWakeUps.remove(id) == nil { return nil }
      return state.register(
        Sleeper(
          id: id, deadline: deadline, resumption: .fire(fire), isOffExecutor: false,
          taskName: nil))
    }
    switch registration {
    case nil: return
    case .dueNow where firesWhenDue: PacingDefaults.$clock.withValue(self) { fire() }
    case .dueNow: startFiring(fire)
    case .registered(let changeWaiter): changeWaiter?.resume()
    }
  }

  /// Takes the wake-up `id` off the timeline, or off its way there.
  private func withdrawWakeUp(_ id: UInt64) {
    state.withLock { state in
      guard state.joiningWakeUps.remove(id) == nil,
        let index = state.sleepers.firstIndex(where: { $0.id == id })
      else { return }
      state.sleepers.remove(at: index)
    }
  }

  /// Runs a due wake-up's `fire` where a woken timer task would run: in a task on the test
  /// executor, started by the code that moved time, whose task-local values (the test's) the
  /// work it starts inherits. Automatic advancing runs outside the body's binding of the
  /// clock, so the clock is bound here.
  func startFiring(_ fire: @escaping @Sendable () -> Void) {
    Task(executorPreference: testExecutor) {
      PacingDefaults.$clock.withValue(self) { fire() }
    }
  }
}
