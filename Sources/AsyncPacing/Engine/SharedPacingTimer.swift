import Dispatch
import Synchronization

/// One timer for the pending deadlines of every shell on one real clock, in place of a timer
/// task per shell: a heap of deadlines and one task that sleeps toward the earliest.
///
/// Only `ContinuousClock` and `SuspendingClock` share one, and only for a shell made outside
/// any host's scope (``PacingDefaults/clock`` unbound): their sleeps always bring a deadline
/// closer, so the progress rules of a shell's own timer (<doc:PacingContract>, "Clocks that
/// misbehave") have nothing to catch, and a real clock named inside a test clock's scope keeps
/// its own task, which the test may take as its own. The shared task is started from a Dispatch
/// thread, never from a task, so that no process scope takes it for its test's work.
///
/// A later deadline costs nothing here: the shell keeps its entry, finds nothing due when it
/// fires, and registers again. An earlier one moves the entry; if it is earlier than the
/// instant the task sleeps toward, the task is replaced (a sleep cannot be shortened). An idle
/// task parks until a deadline comes, rather than ending, so a burst costs no task start.
@usableFromInline
final class SharedPacingTimer<C: Clock>: Sendable {
  struct TaskID {
    let number: UInt64
    var handle: Task<Void, Never>?
  }

  enum Sleeper {
    case none
    /// Between sleeps: the task looks at the heap before it sleeps or parks again.
    case running(TaskID)
    case sleeping(toward: Duration, TaskID)
    case parked(UnsafeContinuation<Void, Never>, TaskID)

    var id: TaskID? {
      switch self {
      case .none: nil
      case .running(let id), .sleeping(_, let id), .parked(_, let id): id
      }
    }
  }

  struct State: ~Copyable {
    var heap = DeadlineHeap()
    var sleeper = Sleeper.none
    var startedTasks: UInt64 = 0
  }

  /// What a registration must do once the lock is released.
  enum Wake {
    case nothing
    case resume(UnsafeContinuation<Void, Never>)
    case start(UInt64, replacing: Task<Void, Never>?)
  }

  let clock: C
  let epoch: C.Instant
  /// The priority of the shells it serves, and of its task: a wake-up resumes their tasks, and
  /// one enqueued at another priority waited for a thread of its own (measured here: 10 to 80 µs
  /// later than from a timer of the consumer's priority).
  let priority: TaskPriority
  let state = LockedState(State())

  init(clock: C, epoch: C.Instant, priority: TaskPriority) {
    precondition(C.Duration.self == Duration.self, "a shared timer measures Swift.Duration")
    self.clock = clock
    self.epoch = epoch
    self.priority = priority
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
    perform(wake)
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
    case .sleeping(let target, let id):
      guard earliest < target else { return .nothing }
      return startTask(&state, replacing: id.handle)
    case .none:
      return startTask(&state, replacing: nil)
    }
  }

  private static func startTask(_ state: inout State, replacing old: Task<Void, Never>?) -> Wake {
    state.startedTasks &+= 1
    state.sleeper = .running(TaskID(number: state.startedTasks))
    return .start(state.startedTasks, replacing: old)
  }

  private func perform(_ wake: Wake) {
    switch wake {
    case .nothing: break
    case .resume(let waiter): waiter.resume()
    case .start(let number, let old):
      old?.cancel()
      // A task started by a test's task would be that test's under a process scope, and sleep
      // on its time: a Dispatch thread is no task's.
      DispatchQueue.global().async {
        let task = Task.detached(priority: self.priority) { await self.run(number) }
        let isCurrent = self.state.withLock { state -> Bool in
          guard var id = state.sleeper.id, id.number == number else { return false }
          id.handle = task
          switch state.sleeper {
          case .none: return false
          case .running: state.sleeper = .running(id)
          case .sleeping(let target, _): state.sleeper = .sleeping(toward: target, id)
          case .parked(let waiter, _): state.sleeper = .parked(waiter, id)
          }
          return true
        }
        if !isCurrent { task.cancel() }
      }
    }
  }

  // MARK: The task

  private enum Step {
    case sleep(until: Duration)
    case park
    case end
  }

  private func run(_ number: UInt64) async {
    // A century: far deadlines are slept toward a chunk at a time (see `PacingTimebase`).
    let chunk = Duration.seconds(3_155_760_000)
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
          return
        }
      }
      guard let due = fire(number) else { return }
      for (fire, generation) in due {
        fire(generation)
      }
    }
  }

  /// Takes the due deadlines out; `nil` if this task was replaced.
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
  /// a test library taking the tasks its tests start (``PacingDefaults/beginTakingStartedTasks()``).
  /// A shell with a tolerance keeps its own too (see ``forNewShell(tolerance:)``).
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
