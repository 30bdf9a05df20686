/// The pacer shell's action runner: the task that takes each due value and calls the action
/// with it, on the action's own actor, one call at a time.
extension PacerShell {
  @inlinable
  func startWorker(generation: UInt64) {
    let task = startTask(for: timebase) { await self.runActions() }
    let cancelNow = state.withLock { state -> Bool in
      guard state.workerGeneration == generation else { return false }
      switch state.side.runner {
      case .none:
        return false
      case .released:
        // Released before the handle was known: whatever the runner does is to stop.
        return true
      case .between:
        state.side.runner = .between(task)
        return false
      case .waiting(let waiter, _):
        state.side.runner = .waiting(waiter, task)
        return false
      case .acting(var acting):
        acting.task = task
        state.side.runner = .acting(acting)
        // A cancel that came before the handle was known cancels it now.
        if case .stopping = acting.progress { return true }
        return false
      }
    }
    if cancelNow { task.cancel() }
  }

  @inlinable
  func runActions() async {
    var afterAction = false
    while let value = await nextValue(afterAction: afterAction) {
      await runAction(value, on: action.isolation)
      afterAction = true
    }
  }

  /// The next due value for the action, waiting for one while the burst lasts; `nil` ends the
  /// runner: the burst is over, the pacer was released, or its action was asked to stop (its
  /// task is cancelled, so a new runner takes what waits).
  @inlinable
  func nextValue(afterAction: Bool) async -> Value? {
    let result = await withUnsafeContinuation { (waiter: OutputWaiter) in
      var effects = Effects()
      let next = state.withLock { state -> RunnerNext<Value> in
        switch state.side.runner {
        case .released:
          return .ends
        case .acting(let acting) where afterAction:
          guard case .stopping = acting.progress else { break }
          state.side.runner = .none
          if !state.mailbox.isEmpty {
            startRunner(&state, effects: &effects)
          } else {
            endBurstIfOver(&state, effects: &effects)
          }
          return .ends
        default:
          break
        }
        let task = state.side.runner.task
        state.side.runner = .between(task)
        catchUp(&state, effects: &effects)
        if let value = state.mailbox.take(at: { state.time.clamp(timebase.now) }) {
          state.side.handOver()
          return .acts(on: value)
        }
        if state.timer.wakeAt != nil {
          state.side.runner = .waiting(waiter, task)
          return .waits
        }
        state.side.runner = .none
        // The machine has no deadline: the timer, idle or on its way there, ends too.
        state.stopTimer(effects: &effects)
        return .ends
      }
      perform(effects)
      switch next {
      case .acts(let value): waiter.resume(returning: .success(value))
      case .ends: waiter.resume(returning: .success(nil))
      case .waits: break
      }
    }
    return result.get()
  }

  /// Runs on the action's own actor, so that what is checked here still holds when the
  /// action's body begins: a cancel made on that actor before then wins, and the start that
  /// opens a throttle window is the real one. The check under the lock is the instant that
  /// decides (<doc:PacingContract>, "The callback pacers"): a cancel from elsewhere that comes
  /// after it finds the action begun and cancels its task, whose handle is known by then.
  @inlinable
  func runAction(_ value: Value, on isolation: isolated (any Actor)?) async {
    while true {
      var effects = Effects()
      let start = state.withLock { state -> ActionStart in
        // A cancel, a release, or (with the replace option) a newer due value came first.
        guard case .acting(var acting) = state.side.runner, case .handedOver = acting.progress,
          acting.since == state.side.cancels
        else { return .dropped }
        // The runner outran the task that started it: a cancel could not reach the action yet.
        guard acting.task != nil else { return .waitsForItsHandle }
        acting.progress = .begun
        state.side.runner = .acting(acting)
        let now = state.time.clamp(timebase.now)
        let started = state.machine.emissionStarted(
          value, at: now, othersWaiting: !state.mailbox.isEmpty)
        apply(started, failure: nil, to: &state, effects: &effects)
        return .begins
      }
      perform(effects)
      switch start {
      case .dropped: return
      case .waitsForItsHandle: await Task.yield()
      case .begins:
        await action(value)
        return
      }
    }
  }
}

/// What a pacer's runner found when it was about to call the action.
@usableFromInline
enum ActionStart: Sendable {
  case begins
  /// A cancel, a release or a replacing value came first: the value is dropped.
  case dropped
  /// The runner's task handle is not recorded yet: it yields, then looks again.
  case waitsForItsHandle
}

/// What a pacer's runner does after looking at the mailbox.
@usableFromInline
enum RunnerNext<Value: Sendable>: Sendable {
  /// Calls the action with the value it was handed.
  case acts(on: Value)
  /// Waits, as the shell's output waiter, for a value the timer will make due.
  case waits
  /// Ends: the burst is over, the pacer was released, or its action was asked to stop (a new
  /// runner takes what waits).
  case ends
}
