/// The shell of the callback pacers: a ``PacingShell`` driven by `send` from any thread, whose
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
final class PacerRunner<Machine: CallbackPacingMachine, C: Clock>: PacingShell
where Machine.Instant == ElapsedInstant<C.Duration> {
  @usableFromInline typealias Value = Machine.Output
  @usableFromInline typealias Failure = Never
  @usableFromInline typealias Action = @Sendable @isolated(any) (Value) async -> Void

  @usableFromInline
  enum RunnerPhase: Sendable {
    /// No action runner.
    case none
    /// The runner is about to look at the mailbox: it was started, or its action returned.
    case between
    /// The runner waits for a value, as the state's consumer.
    case waiting
    /// The runner runs the action with a value handed to it when `cancels` counted `since`; a
    /// cancel asked of it (`stopping`) ends the runner when the action returns.
    case acting(since: UInt64, stopping: Bool)
  }

  /// What only a pacer keeps under the lock.
  @usableFromInline
  struct Side: Sendable {
    @usableFromInline var runner = RunnerPhase.none
    @usableFromInline var runnerTask: Task<Void, Never>?
    /// Counts cancels. An action whose value was taken before a cancel must not begin, even
    /// if the cancel came while the action waited for its actor.
    @usableFromInline var cancels: UInt64 = 0
    /// Whether the action of the value the runner took has begun: until then, that value is
    /// still pending.
    @usableFromInline var actionHasStarted = false

    @inlinable
    init() {}
  }

  @usableFromInline let timebase: PacingTimebase<C>
  @usableFromInline let state: LockedState<PacingShellState<Machine, Side, Never>>
  @usableFromInline let action: Action
  @usableFromInline let cancelsRunningAction: Bool

  @inlinable
  init(
    machine: Machine, clock: C, tolerance: C.Duration?, cancelsRunningAction: Bool,
    action: @escaping Action
  ) {
    clock.noteIsolation(of: action)
    self.timebase = PacingTimebase(clock: clock, tolerance: tolerance)
    self.state = LockedState(PacingShellState(machine: machine, side: Side()))
    self.action = action
    self.cancelsRunningAction = cancelsRunningAction
  }

  // MARK: From any thread

  @inlinable
  func send(_ value: Value) {
    _ = elementArrived(value, at: timebase.now)
  }

  /// A value waits: held by the machine, due in the mailbox, or taken by the runner whose
  /// action has not begun (it may be waiting for its actor).
  @inlinable
  var isPending: Bool {
    state.withLock { state in
      if state.machine.hasPendingValue || !state.mailbox.isEmpty { return true }
      if case .acting(_, stopping: false) = state.side.runner {
        return !state.side.actionHasStarted
      }
      return false
    }
  }

  @inlinable
  func flush() {
    let now = timebase.now
    var effects = Effects()
    state.withLock { state in
      guard state.isOpen else { return }
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
    var effects = Effects()
    state.withLock { state in
      state.side.cancels &+= 1
      state.mailbox.removeAll()
      let wakeAt = state.machine.dropPending()
      if release {
        state.isOpen = false
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
    into state: inout PacingShellState<Machine, Side, Never>,
    effects: inout PacingEffects<Machine.Output, Never, Machine.Instant>
  ) {
    if state.post(actions, effects: &effects) {
      state.side.runner = .acting(since: state.side.cancels, stopping: false)
      state.side.actionHasStarted = false
    }
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

  /// The timer idles while the action runs (its start may open a throttle window); otherwise
  /// the burst is over, and a runner waiting for a value ends too.
  @inlinable
  func timerIdles(
    _ state: inout PacingShellState<Machine, Side, Never>,
    effects: inout PacingEffects<Machine.Output, Never, Machine.Instant>
  ) -> Bool {
    switch state.side.runner {
    case .between, .acting:
      return true
    case .waiting, .none:
      endWaitingRunner(&state, effects: &effects)
      return false
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
    state.side.runner = .between
    state.side.runnerTask = nil
    state.workerGeneration &+= 1
    effects.startedWorker = state.workerGeneration
  }

  @inlinable
  func endWaitingRunner(_ state: inout State, effects: inout Effects) {
    guard let consumer = state.consumer.take() else { return }
    endRunner(&state)
    effects.consumer = (consumer, .success(nil))
  }

  @inlinable
  func endRunner(_ state: inout State) {
    state.side.runner = .none
    state.side.runnerTask = nil
  }

  /// Asks the running action, if any, to stop.
  @inlinable
  func stopAction(_ state: inout State, effects: inout Effects) {
    guard case .acting(let since, stopping: false) = state.side.runner else { return }
    state.side.runner = .acting(since: since, stopping: true)
    state.retire(worker: state.side.runnerTask, effects: &effects)
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
      case .between, .waiting, .acting(_, stopping: false):
        state.side.runnerTask = task
        return false
      case .acting(_, stopping: true):
        // A cancel came before the handle was known.
        state.side.runnerTask = task
        return true
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
    let result = await withUnsafeContinuation { (consumer: State.Consumer) in
      var effects = Effects()
      let immediate = state.withLock { state -> Value?? in
        if afterAction, case .acting(_, stopping: true) = state.side.runner {
          endRunner(&state)
          if state.isOpen && !state.mailbox.isEmpty {
            startRunner(&state, effects: &effects)
          } else {
            endBurstIfOver(&state, effects: &effects)
          }
          return .some(nil)
        }
        state.side.runner = .between
        catchUp(&state, effects: &effects)
        if state.isOpen, let value = state.mailbox.take(at: { state.time.clamp(timebase.now) }) {
          state.side.runner = .acting(since: state.side.cancels, stopping: false)
          state.side.actionHasStarted = false
          return .some(value)
        }
        if state.isOpen && state.timer.wakeAt != nil {
          state.side.runner = .waiting
          state.consumer = consumer
          return .none
        }
        endRunner(&state)
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
  /// opens a throttle window is the real one.
  @inlinable
  func runAction(_ value: Value, on isolation: isolated (any Actor)?) async {
    var effects = Effects()
    let starts = state.withLock { state -> Bool in
      // A cancel, a release, or (with the replace option) a newer due value came first.
      guard case .acting(let since, stopping: false) = state.side.runner,
        since == state.side.cancels
      else { return false }
      let now = state.time.clamp(timebase.now)
      state.side.actionHasStarted = true
      let started = state.machine.emissionStarted(
        value, at: now, othersWaiting: !state.mailbox.isEmpty)
      apply(started, failure: nil, to: &state, effects: &effects)
      return true
    }
    perform(effects)
    guard starts else { return }
    await action(value)
  }
}
