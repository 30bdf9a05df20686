/// The shell of the callback pacers: a ``ShellCore`` driven by `send` from any thread, whose
/// worker runs the action whenever a value falls due.
///
/// The action stands where a sequence's consumer stands in <doc:PacingContract> ("The callback
/// pacers"), and the runner task that calls it is the shell's output waiter, as the consumer
/// waiting in a sequence's `next()` is: a value due while the action runs waits in the ``Mailbox``
/// and runs when it returns, so the action never overlaps itself. A burst runs the runner from its
/// first due value until the machine has no deadline and nothing waits or runs, and its deadlines
/// go to the timer the clock shares (``SharedPacingTimer``), or on another clock to a timer task of
/// the shell's own for the burst; while idle there is no task at all. The runner is a task of its
/// own so that a cancel can stop the running action alone; a runner whose action was cancelled ends
/// when it returns, and a new one takes what waits. In the steady state of a burst (a debounce
/// deadline moving later) `send` costs one clock reading and one lock.
@usableFromInline
final class PacerShell<Machine: CallbackPacingMachine, C: Clock>: ShellCore
where Machine.Instant == ElapsedInstant<C.Duration> {
  @usableFromInline typealias Value = Machine.Output
  @usableFromInline typealias Failure = Never
  @usableFromInline typealias Action = @Sendable @isolated(any) (Value) async -> Void

  @usableFromInline typealias OutputWaiter = ShellEffects<Value, Never, Machine.Instant>
    .OutputWaiter

  @usableFromInline let timebase: PacingTimebase<C>
  @usableFromInline let sharedTimer: SharedTimerUse<C>?
  @usableFromInline let state: LockedState<ShellState<Machine, Side>>
  @usableFromInline let action: Action
  @usableFromInline let cancelsRunningAction: Bool
  /// Where the machine records the task running the user's per-value closure, if it has one.
  @usableFromInline let userClosureCalls: UserClosureCalls?

  /// Made by ``PacerControls`` at the pacer's first `send`, with what it decided when the pacer
  /// was made: its time's origin, and whether the clock's shared timer serves it (a host's
  /// scope is read then).
  @inlinable
  init(
    machine: Machine, clock: C, origin: C.Instant, tolerance: C.Duration?,
    cancelsRunningAction: Bool, action: @escaping Action, sharedTimer: SharedPacingTimer<C>?
  ) {
    self.timebase = PacingTimebase(
      clock: clock, origin: origin, tolerance: tolerance)
    self.sharedTimer = SharedTimerUse(sharedTimer)
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
    userClosureCalls?.refuseCallBack(pacer: Machine.pacerName, rule: Machine.perValueRule)
  }

  /// A value waits: held by the machine, due in the mailbox, or taken by the runner whose
  /// action has not begun (it may be waiting for its actor).
  @inlinable
  var isPending: Bool {
    refuseCallBack()
    return state.withLock { holdsValue(&$0) }
  }

  /// Whether a value waits in `state`: see ``isPending``.
  @inlinable
  func holdsValue(_ state: inout State) -> Bool {
    if state.machine.hasPendingValue || !state.mailbox.isEmpty { return true }
    if case .acting(let acting) = state.side.runner, case .handedOver = acting.progress {
      return true
    }
    return false
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
  /// nothing runs any more, and the clock's host hears of a value dropped so.
  @inlinable
  func cancel(release: Bool = false) {
    refuseCallBack()
    var effects = Effects()
    let (runningAction, droppedValue) = state.withLock {
      state -> (Task<Void, Never>?, Bool) in
      let droppedValue = release && holdsValue(&state)
      state.side.cancels &+= 1
      state.mailbox.removeAll()
      let wakeAt = state.machine.dropPending()
      let runningAction = stopActionForCancel(&state)
      if release {
        state.stopTimer(effects: &effects)
        endWaitingRunner(&state, effects: &effects)
        state.side.runner = .released
      } else {
        state.scheduleTimer(wakeAt, effects: &effects)
        endBurstIfOver(&state, effects: &effects)
      }
      return (runningAction, droppedValue)
    }
    perform(effects)
    if droppedValue, let host = timebase.host {
      host.pacerReleasedHoldingValue("\(Machine.pacerName)<\(Value.self)>")
    }
    // Cancelled here, not through the shared slots another thread may empty later: an action
    // that begins after this call returns must find its task cancelled (<doc:PacingContract>,
    // "The callback pacers").
    runningAction?.cancel()
  }

  /// Asks the running action, if any, to stop, and returns its task for the caller to cancel
  /// before it returns (one asked to stop already is cancelled again, harmlessly).
  @inlinable
  func stopActionForCancel(_ state: inout State) -> Task<Void, Never>? {
    guard case .acting(var acting) = state.side.runner else { return nil }
    acting.progress = .stopping
    state.side.runner = .acting(acting)
    return acting.task
  }

  /// A value due with no runner waiting starts one (a waiting runner that took one is acting
  /// already: `takeOutputWaiter`); a pacer never ends.
  @inlinable
  func emissionsPosted(
    next: PacingNext<Machine.Instant>, failure: Never?, state: inout ShellState<Machine, Side>,
    effects: inout ShellEffects<Machine.Output, Never, Machine.Instant>
  ) {
    guard !state.mailbox.isEmpty else { return }
    state.mailbox.dropOldestBeyondLimit()
    switch state.side.runner {
    case .none:
      startRunner(&state, effects: &effects)
    case .between, .waiting, .released:
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
    case .waiting, .none, .released:
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
    case .none, .released:
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
    guard case .waiting(let waiter, _) = state.side.runner else { return }
    state.side.runner = .none
    effects.resumedWaiter = (waiter, .success(nil))
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
}
