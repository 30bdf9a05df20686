import Synchronization

/// One timer for the pending deadlines of every shell on one real clock, in place of a timer
/// task per shell: a heap of deadlines and one task that sleeps toward the earliest.
///
/// Only `ContinuousClock` and `SuspendingClock` share one, and only for a shell made outside
/// any host's scope (``PacingDefaults/clock`` unbound) and while no test library takes the
/// tasks its test starts: their sleeps always bring a deadline closer, so the progress rules of
/// a shell's own timer (<doc:PacingContract>, "Clocks that misbehave") have nothing to catch.
///
/// No test's process scope takes its task. The first is started when the timer is made, by
/// code that made a shell while no scope took started tasks; every later one is started by the
/// task before it. A sleep cannot be shortened, so a deadline earlier than the one the task
/// sleeps toward cancels that task, which starts its successor and ends. A later deadline costs
/// nothing here: the shell keeps its entry, finds nothing due when it fires, and registers
/// again. An idle task parks until a deadline comes, rather than ending.
@usableFromInline
final class SharedPacingTimer<C: Clock>: Sendable {
  struct TaskID {
    let number: UInt64
    var handle: Task<Void, Never>?
    /// An earlier deadline came while it slept: it is cancelled, and hands over.
    var interrupted = false
  }

  enum Sleeper {
    /// Between sleeps: the task looks at the heap before it sleeps or parks again.
    case running(TaskID)
    case sleeping(toward: Duration, TaskID)
    case parked(UnsafeContinuation<Void, Never>, TaskID)

    var id: TaskID {
      switch self {
      case .running(let id), .sleeping(_, let id), .parked(_, let id): id
      }
    }

    mutating func replaceID(_ id: TaskID) {
      switch self {
      case .running: self = .running(id)
      case .sleeping(let target, _): self = .sleeping(toward: target, id)
      case .parked(let waiter, _): self = .parked(waiter, id)
      }
    }
  }

  struct State: ~Copyable {
    var heap = DeadlineHeap()
    var sleeper = Sleeper.running(TaskID(number: 1))
    var startedTasks: UInt64 = 1
  }

  /// What a registration must do once the lock is released.
  enum Wake {
    case nothing
    case resume(UnsafeContinuation<Void, Never>)
    /// Cancel the sleeping task (if its handle is not recorded yet, the recording does).
    case interrupt(Task<Void, Never>?)
  }

  let clock: C
  let epoch: C.Instant
  /// The priority of the shells it serves, and of its task: a wake-up resumes their tasks, and
  /// one enqueued at another priority waited for a thread of its own (measured here: 10 to 80 µs
  /// later than from a timer of the consumer's priority).
  let priority: TaskPriority
  let state = LockedState(State())

  /// Makes the timer and starts its first task, which parks until a deadline comes.
  init(clock: C, epoch: C.Instant, priority: TaskPriority) {
    precondition(C.Duration.self == Duration.self, "a shared timer measures Swift.Duration")
    self.clock = clock
    self.epoch = epoch
    self.priority = priority
    start(1)
  }

  func offset(of instant: C.Instant) -> Duration {
    unsafeBitCast(epoch.duration(to: instant), to: Duration.self)
  }

  /// Deadlines pending now, for checks that nothing is left.
  var pendingCount: Int { state.withLock { $0.heap.count } }

  // MARK: From the shells

  /// Sets the deadline of `entry`'s shell, `sinceOrigin` from its time's `origin`, as its
  /// `generation`; `fire` hands it to the shell.
  @usableFromInline
  func register(
    _ sinceOrigin: C.Duration, from origin: C.Instant, generation: UInt64,
    of entry: SharedTimerEntry, fire: @escaping SharedTimerFiring
  ) {
    let key = offset(of: origin).saturatingSum(unsafeBitCast(sinceOrigin, to: Duration.self))
    let wake = state.withLock { state -> Wake in
      guard state.heap.set(key, generation: generation, of: entry, fire: fire) else {
        return .nothing
      }
      return Self.wake(&state)
    }
    switch wake {
    case .nothing: break
    case .resume(let waiter): waiter.resume()
    case .interrupt(let task): task?.cancel()
    }
  }

  @usableFromInline
  func unregister(generation: UInt64, of entry: SharedTimerEntry) {
    state.withLock { $0.heap.remove(generation: generation, of: entry) }
  }

  private static func wake(_ state: inout State) -> Wake {
    guard let earliest = state.heap.earliest else { return .nothing }
    switch state.sleeper {
    case .running:
      return .nothing
    case .parked(let waiter, let id):
      state.sleeper = .running(id)
      return .resume(waiter)
    case .sleeping(let target, var id):
      guard earliest < target, !id.interrupted else { return .nothing }
      id.interrupted = true
      state.sleeper = .sleeping(toward: target, id)
      return .interrupt(id.handle)
    }
  }

  // MARK: The task

  /// Starts task `number` and records its handle, cancelling it at once if an earlier deadline
  /// came before the handle was there.
  private func start(_ number: UInt64) {
    let task = Task.detached(priority: priority) { await self.run(number) }
    let cancels = state.withLock { state -> Bool in
      var id = state.sleeper.id
      guard id.number == number else { return false }
      id.handle = task
      state.sleeper.replaceID(id)
      return id.interrupted
    }
    if cancels { task.cancel() }
  }

  private enum Step {
    case sleep(until: Duration)
    case park
    case end
  }

  private func run(_ number: UInt64) async {
    // Far deadlines are slept toward a chunk at a time (see `PacingTimebase.sleepChunk`).
    let chunk = Duration.longestRealSleep
    while true {
      let step = state.withLock { state -> Step in
        guard case .running(let id) = state.sleeper, id.number == number else { return .end }
        guard let earliest = state.heap.earliest else { return .park }
        state.sleeper = .sleeping(toward: earliest, id)
        return .sleep(until: earliest)
      }
      switch step {
      case .end:
        return
      case .park:
        await park(number)
        continue
      case .sleep(let key):
        let now = offset(of: clock.now)
        let target = key.attoseconds - now.attoseconds > chunk.attoseconds ? now + chunk : key
        do {
          try await clock.sleep(
            until: epoch.advanced(by: unsafeBitCast(target, to: C.Duration.self)), tolerance: nil)
        } catch {
          // Cancelled by an earlier deadline: a cancelled task cannot sleep again.
          handOver(from: number)
          return
        }
      }
      guard let due = fire(number) else { return }
      for (fire, generation) in due {
        fire(generation)
      }
    }
  }

  /// Starts the successor of interrupted task `number`.
  private func handOver(from number: UInt64) {
    let successor = state.withLock { state -> UInt64? in
      guard state.sleeper.id.number == number else { return nil }
      state.startedTasks &+= 1
      state.sleeper = .running(TaskID(number: state.startedTasks))
      return state.startedTasks
    }
    if let successor { start(successor) }
  }

  /// Takes the due deadlines out; `nil` if this task is no longer the timer's.
  private func fire(_ number: UInt64) -> [(SharedTimerFiring, UInt64)]? {
    let now = offset(of: clock.now)
    return state.withLock { state in
      guard case .sleeping(_, let id) = state.sleeper, id.number == number else { return nil }
      state.sleeper = .running(id)
      return state.heap.popDue(at: now)
    }
  }

  /// Waits for a deadline, unless one came since the task looked.
  private func park(_ number: UInt64) async {
    await withUnsafeContinuation { (waiter: UnsafeContinuation<Void, Never>) in
      let waits = state.withLock { state -> Bool in
        guard case .running(let id) = state.sleeper, id.number == number,
          state.heap.earliest == nil
        else { return false }
        state.sleeper = .parked(waiter, id)
        return true
      }
      if !waits { waiter.resume() }
    }
  }
}

/// The timers shells on one real clock share, one per priority of the tasks that made them
/// (see ``SharedPacingTimer/priority``), made when first asked for.
final class SharedTimersOfClock<C: Clock>: Sendable {
  let clock: C
  /// One epoch for every priority's timer, so their keys compare.
  let epoch: C.Instant
  private let timers = LockedState<[UInt8: SharedPacingTimer<C>]>([:])

  init(clock: C) {
    self.clock = clock
    self.epoch = clock.now
  }

  func timer(for priority: TaskPriority) -> SharedPacingTimer<C> {
    timers.withLock { timers in
      if let timer = timers[priority.rawValue] { return timer }
      let timer = SharedPacingTimer(clock: clock, epoch: epoch, priority: priority)
      timers[priority.rawValue] = timer
      return timer
    }
  }

  var pendingCount: Int {
    timers.withLock { Array($0.values) }.reduce(0) { $0 + $1.pendingCount }
  }
}

/// The timers every shell on `ContinuousClock` outside a host's scope shares.
let sharedContinuousTimers = SharedTimersOfClock(clock: ContinuousClock())
/// The timers every shell on `SuspendingClock` outside a host's scope shares.
let sharedSuspendingTimers = SharedTimersOfClock(clock: SuspendingClock())

extension SharedPacingTimer {
  /// The timer shells on `C` made by the calling task share, for a shell made now; `nil` where
  /// the shell keeps a timer task of its own: another clock, a host's scope around the call, or
  /// a test library taking the tasks its tests start
  /// (``PacingDefaults/beginTakingStartedTasks()``). A shell with a tolerance keeps its own too
  /// (see ``forNewShell(tolerance:)``).
  @usableFromInline
  static var forNewShell: SharedPacingTimer? {
    let timers: SharedTimersOfClock<C>
    if C.self == ContinuousClock.self {
      timers = unsafeDowncast(sharedContinuousTimers, to: SharedTimersOfClock<C>.self)
    } else if C.self == SuspendingClock.self {
      timers = unsafeDowncast(sharedSuspendingTimers, to: SharedTimersOfClock<C>.self)
    } else {
      return nil
    }
    guard PacingDefaults.clock == nil, !PacingDefaults.takesStartedTasks else { return nil }
    return timers.timer(for: Task.currentPriority)
  }

  /// ``forNewShell``, for a shell whose clock sleeps with `tolerance`: a shared timer sleeps
  /// with none, so a shell with one keeps a timer task of its own, which passes it on.
  @usableFromInline
  static func forNewShell(tolerance: C.Duration?) -> SharedPacingTimer? {
    tolerance == nil ? forNewShell : nil
  }
}

/// Deadlines pending in the shared real-clock timers, for checks that nothing is left.
package var sharedTimerPendingDeadlines: Int {
  sharedContinuousTimers.pendingCount + sharedSuspendingTimers.pendingCount
}
