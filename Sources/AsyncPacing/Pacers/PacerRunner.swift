/// The concurrency shell of the callback pacers: `send` from any thread drives a
/// ``PacerMachine``, and one task per burst runs the action whenever a value falls due.
///
/// The action is the consumer of <doc:PacingContract> ("The callback pacers"): a value due while it runs waits in the
/// ``Mailbox`` and runs when it returns, so the action never overlaps itself. While idle there
/// is no task at all. A burst's task (the runner) works in phases, each inside a task group of
/// its own: an action phase runs the action as a child, so that it alone can be cancelled; an
/// idle phase only waits for a deadline. Sleeps are children too, so every wait is
/// interruptible and stays on the clock's executor. Anyone who changes what the runner should
/// do pokes it; in the steady state of a burst (a debounce deadline moving later) nobody needs
/// to, and `send` costs one clock reading and one lock.
@usableFromInline
final class PacerRunner<Machine: PacerMachine, C: Clock>: Sendable
where Machine.Instant == ElapsedInstant<C.Duration> {
  @usableFromInline typealias Value = Machine.Value
  @usableFromInline typealias Instant = ElapsedInstant<C.Duration>
  @usableFromInline typealias Action = @Sendable @isolated(any) (Value) async -> Void
  @usableFromInline typealias Poke = UnsafeContinuation<Void, Never>

  @usableFromInline
  enum Phase: Sendable {
    /// No runner: the pacer is idle.
    case none
    /// The runner waits for a deadline, with no action running.
    case waiting
    /// The runner runs the action it took when `cancels` counted `since`: a cancel since then
    /// must stop it. `cancelled` once it was asked to stop.
    case acting(since: UInt64, cancelled: Bool)
  }

  @usableFromInline
  struct State: Sendable {
    @usableFromInline var machine: Machine
    @usableFromInline var mailbox = Mailbox<Value, Instant>()
    @usableFromInline var time = MonotonicInstants<Instant>()
    @usableFromInline var wakeAt: Instant?
    @usableFromInline var phase = Phase.none
    /// The deadline a sleeping child of the runner waits for, if any.
    @usableFromInline var sleeperTarget: Instant?
    @usableFromInline var actionFinished = false
    @usableFromInline var isReleased = false
    @usableFromInline var pokeWaiter: Poke?
    /// A poke that came while the runner was not waiting: its next wait returns at once.
    @usableFromInline var pokePending = false
    /// Counts cancels. An action whose value was taken before a cancel must not begin, even
    /// if the cancel came while the action waited for its actor.
    @usableFromInline var cancels: UInt64 = 0

    @inlinable
    init(machine: Machine) {
      self.machine = machine
    }
  }

  /// What the caller must do for the runner once the lock is released.
  @usableFromInline
  enum Attention {
    case none
    case startRunner
    case resume(Poke)
  }

  @usableFromInline let clock: C
  @usableFromInline let tolerance: C.Duration?
  @usableFromInline let origin: C.Instant
  @usableFromInline let action: Action
  @usableFromInline let cancelsRunningAction: Bool
  @usableFromInline let state: LockedState<State>

  @inlinable
  init(
    machine: Machine, clock: C, tolerance: C.Duration?, cancelsRunningAction: Bool,
    action: @escaping Action
  ) {
    self.clock = clock
    self.tolerance = tolerance
    self.origin = clock.now
    self.action = action
    self.cancelsRunningAction = cancelsRunningAction
    self.state = LockedState(State(machine: machine))
  }

  @inlinable
  var now: Instant { Instant(origin.duration(to: clock.now)) }

  // MARK: From any thread

  @inlinable
  func send(_ value: Value) {
    let now = self.now
    let attention = state.withLock { state -> Attention in
      guard !state.isReleased else { return .none }
      let actions = state.machine.valueSent(value, at: state.time.clamp(now))
      state.take(actions)
      return state.attention(cancelsRunningAction: cancelsRunningAction)
    }
    attend(attention)
  }

  @inlinable
  func flush() {
    let now = self.now
    let attention = state.withLock { state -> Attention in
      guard !state.isReleased else { return .none }
      state.take(state.machine.flush(at: state.time.clamp(now)))
      return state.attention(cancelsRunningAction: cancelsRunningAction)
    }
    attend(attention)
  }

  /// Drops the pending and waiting values and cancels the running action; with `release`,
  /// the runner also stops for good once the action has returned.
  @inlinable
  func cancel(release: Bool = false) {
    let attention = state.withLock { state -> Attention in
      if release { state.isReleased = true }
      state.cancels &+= 1
      state.wakeAt = state.machine.dropPending()
      state.mailbox.removeAll()
      if case .none = state.phase { return .none }
      return state.poke()
    }
    attend(attention)
  }

  @inlinable
  func attend(_ attention: Attention) {
    switch attention {
    case .none: break
    case .startRunner: startRunner()
    case .resume(let poke): poke.resume()
    }
  }

  // MARK: The runner

  @inlinable
  func startRunner() {
    _ = startTask(for: clock) { await self.runBurst() }
  }

  @usableFromInline
  enum PhaseStart: Sendable {
    /// Run the action with `value`, unless a cancel came after `cancels` was read.
    case act(Value, cancels: UInt64)
    case wait
  }

  @inlinable
  func runBurst() async {
    while let start = beginPhase() {
      // Discarding: a long phase adds a sleeper per deadline, and must not keep them all.
      await withDiscardingTaskGroup { group in
        if case .act(let value, let cancels) = start {
          group.addTask {
            await self.runAction(value, ifNotCancelledSince: cancels, on: self.action.isolation)
            self.attend(self.state.withLock { $0.actionDidFinish() })
          }
        }
        await runPhase(&group)
        group.cancelAll()
      }
    }
  }

  /// Decides the next phase: run a due value, wait for a deadline, or end the burst.
  @inlinable
  func beginPhase() -> PhaseStart? {
    state.withLock { state in
      state.sleeperTarget = nil
      state.pokePending = false
      guard !state.isReleased else {
        state.phase = .none
        return nil
      }
      state.catchUp(with: self.now)
      if let value = state.mailbox.take() {
        state.phase = .acting(since: state.cancels, cancelled: false)
        state.actionFinished = false
        return .act(value, cancels: state.cancels)
      }
      guard state.wakeAt != nil else {
        state.phase = .none
        return nil
      }
      state.phase = .waiting
      return .wait
    }
  }

  @usableFromInline
  enum Step: Sendable {
    case endPhase
    case cancelAction
    case sleep(until: Instant?, thenWait: Bool)
  }

  @inlinable
  func runPhase(_ group: inout DiscardingTaskGroup) async {
    while true {
      let step = state.withLock { state in
        state.nextStep(
          now: { self.now }, cancelsRunningAction: cancelsRunningAction)
      }
      switch step {
      case .endPhase:
        return
      case .cancelAction:
        group.cancelAll()
      case .sleep(let deadline, let thenWait):
        if let deadline {
          group.addTask { await self.sleep(until: deadline) }
        }
        if thenWait { await waitForPoke() }
      }
    }
  }

  /// Runs on the action's own actor, so that what is checked here still holds when the
  /// action's body begins: a cancel made on that actor before then wins, and the start that
  /// opens a throttle window is the real one.
  @inlinable
  func runAction(
    _ value: Value, ifNotCancelledSince cancels: UInt64, on isolation: isolated (any Actor)?
  ) async {
    let (starts, attention) = state.withLock { state -> (Bool, Attention) in
      // A cancel, a release, or (with the replace option) a newer due value came first.
      guard state.cancels == cancels && !Task.isCancelled else { return (false, .none) }
      state.take(state.machine.actionStarted(at: state.time.clamp(self.now)))
      return (true, state.needsSleeper ? state.poke() : .none)
    }
    attend(attention)
    guard starts else { return }
    await action(value)
  }

  @inlinable
  func sleep(until deadline: Instant) async {
    do {
      try await clock.sleep(
        until: origin.advanced(by: deadline.sinceOrigin), tolerance: tolerance)
    } catch {
      if Task.isCancelled { return }
    }
    attend(
      state.withLock { state in
        if state.sleeperTarget == deadline { state.sleeperTarget = nil }
        return state.poke()
      })
  }

  @inlinable
  func waitForPoke() async {
    await withUnsafeContinuation { (poke: Poke) in
      let pokedAlready = state.withLock { state in
        if state.pokePending {
          state.pokePending = false
          return true
        }
        state.pokeWaiter = poke
        return false
      }
      if pokedAlready { poke.resume() }
    }
  }
}
