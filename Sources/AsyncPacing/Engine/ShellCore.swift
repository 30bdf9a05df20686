/// The shell core: how a machine is run under a lock, on a clock, with one timer task.
///
/// Both shells conform: ``SequenceShell`` (a sequence operator's iteration, whose consumer
/// waits in `next()` and whose worker reads the upstream) and ``PacerShell`` (a callback
/// pacer, whose worker runs the action). What they share lives here: the timebase, feeding an
/// event to the machine and applying its actions, catching up with a deadline that has
/// passed, the timer task's sleep loop, and performing effects after the lock. What differs is
/// what a shell does once emissions are posted (`emissionsPosted`), and what the worker is
/// (`startWorker`).
@usableFromInline
protocol ShellCore: AnyObject, Sendable {
  associatedtype C: Clock
  associatedtype Machine: PacingMachine where Machine.Instant == ElapsedInstant<C.Duration>
  associatedtype Side: ShellSide where Side.Output == Machine.Output

  var timebase: PacingTimebase<C> { get }
  var state: LockedState<ShellState<Machine, Side>> { get }
  /// The timer its real clock shares (``SharedPacingTimer``), which then sleeps for it, and the
  /// shell's place in it; `nil` for a shell whose timer is a task of its own.
  var sharedTimer: SharedTimerUse<C>? { get }
  /// The machine has no deadline left: the timer task waits for the next one (a sequence's
  /// timer lives as long as its iteration; a pacer's while its action runs), or ends (an idle
  /// pacer has no task, and its burst is over).
  func deadlinesRanOut(
    _ state: inout ShellState<Machine, Side>,
    effects: inout ShellEffects<Machine.Output, Side.Failure, Machine.Instant>
  ) -> IdleTimerTask

  /// What the shell does once an event's emissions are posted (to the output waiter, or the
  /// mailbox), and about the machine's `next` step: called under the lock, for every event,
  /// before the timer takes the machine's next deadline.
  func emissionsPosted(
    next: PacingNext<Machine.Instant>, failure: Side.Failure?,
    state: inout ShellState<Machine, Side>,
    effects: inout ShellEffects<Machine.Output, Side.Failure, Machine.Instant>)

  /// Starts the worker numbered `generation` and records its handle.
  func startWorker(generation: UInt64)
}

extension ShellCore {
  @usableFromInline typealias Instant = Machine.Instant
  @usableFromInline typealias Failure = Side.Failure
  @usableFromInline typealias Actions = PacingActions<Machine.Output, Instant>
  @usableFromInline typealias Effects = ShellEffects<Machine.Output, Failure, Instant>
  @usableFromInline typealias State = ShellState<Machine, Side>

  // MARK: Events

  /// Feeds one event to the machine and applies its actions; `nil` once the machine takes no
  /// more events, when the event is ignored. `inspect` sees the actions under the lock, once
  /// they are applied, with whether the mailbox is now full (see `ElementEventOutcome`).
  ///
  /// The event gets the instant as a function: `now`, or with `now == nil` a clock reading
  /// taken only if the machine asks for one. Either way instants reach the machine in order:
  /// a reading taken before the lock may be older than one another event brought in.
  @inlinable @inline(__always)
  func handle<Result: Sendable>(
    at now: Instant?, failure: Failure? = nil,
    _ event: (inout Machine, () -> Instant) -> Actions,
    inspect: (borrowing Actions, _ mailboxIsFull: Bool) -> Result
  ) -> Result? {
    var effects = Effects()
    let result = state.withLock { state -> Result? in
      guard state.side.takesEvents else { return nil }
      let actions = event(&state.machine) { state.time.clamp(now ?? self.timebase.now) }
      apply(actions, failure: failure, to: &state, effects: &effects)
      return inspect(actions, state.mailbox.isFull)
    }
    perform(effects)
    return result
  }

  /// Feeds one event to the machine; `false` once it takes no more events.
  @inlinable @inline(__always)
  @discardableResult
  func handle(
    at now: Instant?, failure: Failure? = nil, _ event: (inout Machine, () -> Instant) -> Actions
  ) -> Bool {
    handle(at: now, failure: failure, event, inspect: { _, _ in () }) != nil
  }

  /// The upstream finished, at `now`. If the timer gave up on the deadline the machine still
  /// waits for, the machine hears at once that it is out of reach (a throttle's candidate then
  /// comes out now), rather than after the timer has stalled on it again.
  @inlinable
  func upstreamFinished(at now: Instant) {
    var effects = Effects()
    state.withLock { state in
      guard state.side.takesEvents else { return }
      let now = state.time.clamp(now)
      let abandoned = state.timer.abandoned
      let actions = state.machine.upstreamFinished(at: now)
      if let abandoned, actions.wakeAt == abandoned {
        deliver(actions, failure: nil, into: &state, effects: &effects)
        apply(
          state.machine.deadlineUnreachable(at: now), failure: nil, to: &state, effects: &effects)
      } else {
        apply(actions, failure: nil, to: &state, effects: &effects)
      }
    }
    perform(effects)
  }

  /// Delivers the machine's emissions and ending, then schedules its timer.
  @inlinable @inline(__always)
  func apply(_ actions: Actions, failure: Failure?, to state: inout State, effects: inout Effects) {
    deliver(actions, failure: failure, into: &state, effects: &effects)
    switch actions.next {
    case .wake(let wakeAt): state.scheduleTimer(wakeAt, effects: &effects)
    case .idle: state.scheduleTimer(nil, effects: &effects)
    case .end: state.stopTimer(effects: &effects)
    }
  }

  /// Posts what the machine emitted, then lets the shell act on it and on the machine's next
  /// step (``emissionsPosted(next:failure:state:effects:)``).
  @inlinable @inline(__always)
  func deliver(
    _ actions: Actions, failure: Failure?, into state: inout State, effects: inout Effects
  ) {
    _ = state.post(actions.emissions, effects: &effects)
    emissionsPosted(next: actions.next, failure: failure, state: &state, effects: &effects)
  }

  /// An output waiter about to take an output must see the deadlines of its own instant
  /// handled first (the half-open rule): an output falling due now replaces an older waiting
  /// one, whether or not the timer task has run yet; so must a deadline the timer gave up on,
  /// if this reading has passed it. Reads the clock only if a deadline is set and no `reading`
  /// is given.
  @inlinable
  func catchUp(_ state: inout State, effects: inout Effects, reading: Instant? = nil) {
    guard state.side.takesEvents, let wakeAt = state.timer.wakeAt ?? state.timer.abandoned
    else { return }
    let now = state.time.clamp(reading ?? timebase.now)
    guard wakeAt <= now else { return }
    state.timer.deadline = .none
    apply(state.machine.deadlineReached(at: now), failure: nil, to: &state, effects: &effects)
  }

  @inlinable @inline(__always)
  func perform(_ effects: Effects) {
    // Retired tasks first: the slots hold one task each, and a task this perform starts could
    // be retired by another thread into a slot still holding an earlier one.
    if effects.cancelsRetiredTasks {
      state.withLock { $0.retired.take() }.cancel()
    }
    if let (waiter, result) = effects.resumedWaiter { waiter.resume(returning: result) }
    if let (reader, readsOn) = effects.resumedReader { reader.resume(returning: readsOn) }
    effects.endedIdleTimer?.resume(returning: nil)
    switch effects.timer {
    case .none: break
    case .resumeIdle(let waiter, let deadline): waiter.resume(returning: deadline)
    case .start(let generation, let deadline):
      startTimer(generation: generation, sleepingUntil: deadline)
    }
    // After a start the same lock may have made: a registration older than this stop is
    // ignored, so the order of the two matters only within one perform.
    if let stopped = effects.stoppedTimer, let shared = sharedTimer {
      shared.timer.unregister(generation: stopped, of: shared.entry)
    }
    if let generation = effects.startedWorker { startWorker(generation: generation) }
  }

  // MARK: The timer task

  @inlinable
  func startTimer(generation: UInt64, sleepingUntil deadline: Instant) {
    if let shared = sharedTimer {
      register(deadline, generation: generation, in: shared)
      return
    }
    if let host = wakingHost, wakeThroughHost(host, generation: generation, at: deadline) {
      return
    }
    startTimerTask(generation: generation, sleepingUntil: deadline)
  }

  @inlinable
  func startTimerTask(generation: UInt64, sleepingUntil deadline: Instant) {
    let task = startTask(for: timebase) {
      await self.runTimer(generation: generation, sleepingUntil: deadline)
    }
    let isCurrent = state.withLock { $0.timer.record(.task(task), generation: generation) }
    if !isCurrent { task.cancel() }
  }

  @inlinable
  func runTimer(generation: UInt64, sleepingUntil first: Instant) async {
    var deadline = first
    var progress = PacingTimerProgress<Instant>()
    let resolution = timebase.minimumResolution
    while true {
      let before = timebase.now
      progress.sleeps(from: before, asking: timebase.askedInstant(toward: deadline, from: before))
      let sleepEnd = await timebase.sleep(
        until: deadline, overshoot: progress.overshoot(resolution: resolution))
      if case .cancelled = sleepEnd { return }
      switch timerWoke(
        generation: generation, sleepFailed: sleepEnd == .failed, progress: &progress)
      {
      case .sleep(let next):
        // Stalls count toward one deadline.
        if next != deadline { progress = PacingTimerProgress() }
        deadline = next
      case .idle:
        guard let next = await waitForNextDeadline(generation: generation) else { return }
        deadline = next
        progress = PacingTimerProgress()
      case .end:
        return
      }
    }
  }

  /// Hands the machine the deadline the timer woke for, or, once the clock has stalled too
  /// often, tells it the deadline is out of reach. `ownTask` is `false` for the shared timer,
  /// which neither counts stalls nor keeps an idle task for the shell.
  @inlinable
  func timerWoke(
    generation: UInt64, sleepFailed: Bool, progress: inout PacingTimerProgress<Instant>,
    ownTask: Bool = true
  ) -> PacingTimer<Instant>.Step {
    var effects = Effects()
    let step = state.withLock { state -> PacingTimer<Instant>.Step in
      guard state.side.takesEvents, state.timer.wakes(generation: generation) else { return .end }
      let reading = timebase.now
      let now = state.time.clamp(reading)
      if ownTask, let wakeAt = state.timer.wakeAt,
        progress.recordWake(
          at: now, reading: reading, toward: wakeAt, sleepFailed: sleepFailed)
      {
        state.timer.deadline = .abandoned(wakeAt)
        apply(
          state.machine.deadlineUnreachable(at: now), failure: nil, to: &state, effects: &effects)
      } else {
        apply(state.machine.deadlineReached(at: now), failure: nil, to: &state, effects: &effects)
      }
      guard state.side.takesEvents else { return .end }
      let idles =
        state.timer.wakeAt != nil || deadlinesRanOut(&state, effects: &effects) == .waits
      return state.timer.nextStep(keepsIdleTask: idles && ownTask)
    }
    perform(effects)
    return step
  }

  /// The machine's next deadline, waiting for one; `nil` once the timer must end.
  @inlinable
  func waitForNextDeadline(generation: UInt64) async -> Instant? {
    await withUnsafeContinuation { (waiter: PacingTimer<Instant>.IdleWaiter) in
      switch state.withLock({ $0.timer.idle(generation: generation, waiter: waiter) }) {
      case .sleeps(let deadline): waiter.resume(returning: deadline)
      case .ends: waiter.resume(returning: nil)
      case .waits: break
      }
    }
  }
}

extension ShellCore where Machine: ElementPacingMachine {
  /// Hands an element to the machine, the one element event of both shells, at `now` (read
  /// before the lock). Written out rather than through `handle`'s closure, which the compiler
  /// did not inline: the closure call cost `Debouncer.send` about 10 ns.
  @inlinable @inline(__always)
  func elementArrived(_ element: Machine.Element, at now: Instant) -> ElementEventOutcome {
    var effects = Effects()
    let outcome = state.withLock { state -> ElementEventOutcome in
      guard state.side.takesEvents else { return .ignored }
      let actions = state.machine.elementArrived(element, at: state.time.clamp(now))
      apply(actions, failure: nil, to: &state, effects: &effects)
      return state.mailbox.isFull ? .mailboxFull : .taken
    }
    perform(effects)
    return outcome
  }
}

/// What the timer task does once the machine has no deadline left.
@usableFromInline
enum IdleTimerTask: Sendable {
  /// It waits for the machine's next deadline.
  case waits
  case ends
}

/// What became of an element the shell handed to its machine.
@usableFromInline
enum ElementEventOutcome: Sendable {
  /// The machine takes no more events.
  case ignored
  /// The machine decided about it.
  case taken
  /// The machine decided about it, and as many outputs as may wait for the consumer wait: a
  /// sequence's reader waits for the consumer before it reads on.
  case mailboxFull
}
