extension OperationTimer {
  /// The timer's child task: when it stops without the time running out, the caller's
  /// cancellation stopped it, unless the call was decided.
  func runAsChild() async -> TimedCallEvent {
    if await !runTimer() { callerCancelled() }
    return .timerEnded
  }

  /// Sleeps toward the deadline until the time runs out (`true`), or the call is decided or the
  /// timer cancelled (`false`).
  func runTimer() async -> Bool {
    var progress = PacingTimerProgress<Instant>()
    var target: Instant?
    while true {
      let (step, generation) = timerStep()
      switch step {
      case .expire: return true
      case .stop: return false
      case .waitForChange:
        await waitForChange(from: generation, target: nil)
        if Task.isCancelled { return false }
      case .sleep(let deadline):
        // Stalls count toward one deadline.
        if deadline != target { progress = PacingTimerProgress() }
        target = deadline
        let overshoot = progress.overshoot(resolution: timebase.minimumResolution)
        let before = timebase.now
        progress.sleeps(from: before, asking: timebase.askedInstant(toward: deadline, from: before))
        let sleepEnd = await sleep(until: deadline, overshoot: overshoot, generation: generation)
        switch sleepEnd {
        case .cancelled: return false
        case .moved: continue
        case .slept, .failed:
          let reading = timebase.now
          if progress.recordWake(
            at: reading, reading: reading, toward: deadline, sleepFailed: sleepEnd == .failed)
          {
            // The clock never brings this deadline closer: it never fires, but a move may.
            await waitForChange(from: generation, target: nil)
            if Task.isCancelled { return false }
          }
        }
      }
    }
  }

  enum SleepEnd: Equatable {
    case slept, failed, cancelled, moved
  }

  func sleep(until deadline: Instant, overshoot: T.Duration, generation: UInt64) async
    -> SleepEnd
  {
    guard isMovable else {
      return SleepEnd(await timebase.sleep(until: deadline, overshoot: overshoot))
    }
    return await withTaskGroup(of: SleepEnd.self) { group in
      group.addTask { SleepEnd(await self.timebase.sleep(until: deadline, overshoot: overshoot)) }
      group.addTask {
        await self.waitForChange(from: generation, target: deadline)
        return .moved
      }
      let first = await group.next() ?? .cancelled
      group.cancelAll()
      // A cancelled call cancels both: say so, whichever came first.
      return Task.isCancelled ? .cancelled : first
    }
  }

  /// Returns once the deadline's generation differs from `generation` and a change woke it (one
  /// to a deadline before `target`, or any for a `nil` target), or the task is cancelled.
  func waitForChange(from generation: UInt64, target: Instant?) async {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (waiter: UnsafeContinuation<Void, Never>) in
        let resumesNow = state.withLock { state -> Bool in
          // The cancellation flag is set before the handler runs, and both read it under this
          // lock: a waiter is either never stored or resumed by the handler.
          guard state.deadline.generation == generation, !Task.isCancelled else { return true }
          state.changeWaiter = (waiter, target)
          return false
        }
        if resumesNow { waiter.resume() }
      }
    } onCancel: {
      state.withLock { $0.changeWaiter.take() }?.waiter.resume()
    }
  }
}

extension OperationTimer.SleepEnd {
  init(_ sleepEnd: PacingTimebase<T>.SleepEnd) {
    switch sleepEnd {
    case .slept: self = .slept
    case .failed: self = .failed
    case .cancelled: self = .cancelled
    }
  }
}
