/// The shell of the callback pacers: a ``ShellCore`` driven by `send` from any thread, whose
/// worker runs the action whenever a value falls due.
///
/// The action is the consumer of <doc:PacingContract> ("The callback pacers"), and the
/// runner task that calls it waits for values as a sequence's consumer waits in `next()`: a
/// value due while the action runs waits in the ``Mailbox`` and runs when it returns, so the
/// action never overlaps itself. A burst runs two tasks, the timer and the runner, from the
/// first value that needs one until the machine has no deadline and nothing waits or runs;
/// while idle there is no task at all. The runner is a task of its own so that a cancel can
/// stop the running action alone; a runner whose action was cancelled ends when it returns,
/// and a new one takes what waits. In the steady state of a burst (a debounce deadline moving
/// later) `send` costs one clock reading and one lock.
@usableFromInline
final class PacerShell<Machine: CallbackPacingMachine, C: Clock>: ShellCore
where Machine.Instant == ElapsedInstant<C.Duration> {
  @usableFromInline typealias Value = Machine.Output
  @usableFromInline typealias Failure = Never
  @usableFromInline typealias Action = @Sendable @isolated(any) (Value) async -> Void

  @usableFromInline typealias Consumer = ShellEffects<Value, Never, Machine.Instant>.Consumer

  @usableFromInline let timebase: PacingTimebase<C>
  @usableFromInline let state: LockedState<ShellState<Machine, Side>>
  @usableFromInline let action: Action
  @usableFromInline let cancelsRunningAction: Bool
  /// Where the machine records the task running the user's per-value closure, if it has one.
  @usableFromInline let userClosureCalls: UserClosureCalls?

  @inlinable
  init(
    machine: Machine, clock: C, tolerance: C.Duration?, cancelsRunningAction: Bool,
    action: @escaping Action
  ) {
    clock.noteIsolation(of: action)
    self.timebase = PacingTimebase(clock: clock, tolerance: tolerance)
    self.userClosureCalls = machine.userClosureCalls
    self.state = LockedState(ShellState(machine: machine, side: Side()))
    self.action = action
    self.cancelsRunningAction = cancelsRunningAction
  }

  // MARK: From any thread

  @inlinable
  func send(_ value: Value) {
    refuseCallBack()
    _ = elementArrived(value, at: timebase.now)
  }

  /// A per-value interval closure runs under the lock: a call back into this pacer from it
  /// stops with a message naming the rule (see ``UserClosureCalls``).
  @inlinable @inline(__always)
  func refuseCallBack() {
    guard let userClosureCalls, let message = Machine.reentranceMessage else { return }
    userClosureCalls.refuseCallBack(message)
  }

  /// A value waits: held by the machine, due in the mailbox, or taken by the runner whose
  /// action has not begun (it may be waiting for its actor).
  @inlinable
  var isPending: Bool {
    refuseCallBack()
    return state.withLock { state in
      if state.machine.hasPendingValue || !state.mailbox.isEmpty { return true }
      if case .acting(let acting) = state.side.runner, case .handedOver = acting.progress {
        return true
      }
      return false
    }
  }

  @inlinable
  func flush() {
    refuseCallBack()
    let now = timebase.now
    var effects = Effects()
    state.withLock { state in
      guard state.side.takesEvents else { return }
      apply(
        state.machine.flush(at: state.time.clamp(now)), failure: nil, to: &state, effects: &effects)
      endBurstIfOver(&state, effects: &effects)
    }
    perform(effects)
  }

  /// Drops the pending and waiting values and cancels the running action; with `release`,
  /// nothing runs any more.
  @inlinable
  func cancel(release: Bool = false) {
    refuseCallBack()
    var effects = Effects()
    state.withLock { state in
      state.side.cancels &+= 1
      state.mailbox.removeAll()
      let wakeAt = state.machine.dropPending()
      if release {
        state.side.isReleased = true
        state.stopTimer(effects: &effects)
        endWaitingRunner(&state, effects: &effects)
      } else {
        state.scheduleTimer(wakeAt, effects: &effects)
      }
      stopAction(&state, effects: &effects)
      endBurstIfOver(&state, effects: &effects)
    }
    perform(effects)
  }

  @inlinable
  func deliver(
    _ actions: PacingActions<Machine.Output, Machine.Instant>, failure: Never?,
    into state: inout ShellState<Machine, Side>,
    effects: inout ShellEffects<Machine.Output, Never, Machine.Instant>
  ) {
    // A waiting runner that takes an emission is acting (`takeWaitingConsumer`).
    _ = state.post(actions.emissions, effects: &effects)
    guard !state.mailbox.isEmpty else { return }
    state.mailbox.dropOldestBeyondLimit()
    switch state.side.runner {
    case .none:
      startRunner(&state, effects: &effects)
    case .between, .waiting:
      break
    case .acting:
      // A newer due value replaces the running action only with that option.
      if cancelsRunningAction { stopAction(&state, effects: &effects) }
    }
  }

  /// The timer waits while the action runs (its start may open a throttle window); otherwise
  /// the burst is over, and a runner waiting for a value ends too.
  @inlinable
  func deadlinesRanOut(
    _ state: inout ShellState<Machine, Side>,
    effects: inout ShellEffects<Machine.Output, Never, Machine.Instant>
  ) -> IdleTimerTask {
    switch state.side.runner {
    case .between, .acting:
      return .waits
    case .waiting, .none:
      endWaitingRunner(&state, effects: &effects)
      return .ends
    }
  }

  /// With no deadline and nothing waiting or running, the burst is over: its tasks end now, a
  /// timer sleeping toward a deadline that no longer matters included.
  @inlinable
  func endBurstIfOver(_ state: inout State, effects: inout Effects) {
    guard state.timer.wakeAt == nil, state.mailbox.isEmpty else { return }
    switch state.side.runner {
    case .between, .acting:
      return
    case .waiting:
      endWaitingRunner(&state, effects: &effects)
    case .none:
      break
    }
    state.stopTimer(effects: &effects)
  }

  @inlinable
  func startRunner(_ state: inout State, effects: inout Effects) {
    state.side.runner = .between(nil)
    state.workerGeneration &+= 1
    effects.startedWorker = state.workerGeneration
  }

  @inlinable
  func endWaitingRunner(_ state: inout State, effects: inout Effects) {
    guard case .waiting(let consumer, _) = state.side.runner else { return }
    state.side.runner = .none
    effects.consumer = (consumer, .success(nil))
  }

  /// Asks the running action, if any, to stop.
  @inlinable
  func stopAction(_ state: inout State, effects: inout Effects) {
    guard case .acting(var acting) = state.side.runner else { return }
    if case .stopping = acting.progress { return }
    acting.progress = .stopping
    state.side.runner = .acting(acting)
    state.retire(worker: acting.task, effects: &effects)
  }

  // MARK: The action runner

  @inlinable
  func startWorker(generation: UInt64) {
    let task = startTask(for: timebase) { await self.runActions() }
    let cancelNow = state.withLock { state -> Bool in
      guard state.workerGeneration == generation else { return false }
      switch state.side.runner {
      case .none:
        return false
      case .between:
        state.side.runner = .between(task)
        return false
      case .waiting(let consumer, _):
        state.side.runner = .waiting(consumer, task)
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
  /// runner: the burst is over, or its action was asked to stop (its task is cancelled, so a
  /// new runner takes what waits).
  @inlinable
  func nextValue(afterAction: Bool) async -> Value? {
    let result = await withUnsafeContinuation { (consumer: Consumer) in
      var effects = Effects()
      let immediate = state.withLock { state -> Value?? in
        if afterAction, case .acting(let acting) = state.side.runner,
          case .stopping = acting.progress
        {
          state.side.runner = .none
          if state.side.takesEvents && !state.mailbox.isEmpty {
            startRunner(&state, effects: &effects)
          } else {
            endBurstIfOver(&state, effects: &effects)
          }
          return .some(nil)
        }
        let task = state.side.runner.task
        state.side.runner = .between(task)
        catchUp(&state, effects: &effects)
        if state.side.takesEvents,
          let value = state.mailbox.take(at: { state.time.clamp(timebase.now) })
        {
          state.side.handOver()
          return .some(value)
        }
        if state.side.takesEvents && state.timer.wakeAt != nil {
          state.side.runner = .waiting(consumer, task)
          return .none
        }
        state.side.runner = .none
        // The machine has no deadline: the timer, idle or on its way there, ends too.
        state.stopTimer(effects: &effects)
        return .some(nil)
      }
      perform(effects)
      if let immediate { consumer.resume(returning: .success(immediate)) }
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
