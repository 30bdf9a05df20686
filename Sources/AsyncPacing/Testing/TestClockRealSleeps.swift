/// Sleeps on the real clocks (`Task.sleep`, `ContinuousClock`, `SuspendingClock`) that the test
/// executor receives, as sleepers on this clock's timeline.
extension TestClock {
  /// Registers the runtime's wake-up `job` for a real-clock sleep of `duration`, made by the
  /// task `sleepingTask`; a sleep that is already due runs its job at once.
  func scheduleWakeUp(_ job: UnownedJob, after duration: Duration, sleepingTask: UInt64) {
    guard let testExecutor else { return }
    testExecutor.noteSleeping(sleepingTask)
    let (isRegistered, changeWaiter) = state.withLock {
      state -> (Bool, UnsafeContinuation<Void, Never>?) in
      defer { state.nextSleeperID += 1 }
      guard duration > .zero else { return (false, nil) }
      state.sleepers.append(
        Sleeper(
          id: state.nextSleeperID, deadline: state.now.advanced(by: duration),
          wake: .runJob(job, sleepingTask: sleepingTask), isOffExecutor: false))
      return (true, state.takeChangeWaiter())
    }
    changeWaiter?.resume()
    if !isRegistered {
      testExecutor.noteWoken(sleepingTask)
      testExecutor.enqueue(job, preferring: testExecutor.asUnownedTaskExecutor(), isBodyJob: false)
    }
  }

  /// Wakes a sleeper whose deadline came.
  func wake(_ sleeper: Sleeper) {
    switch sleeper.wake {
    case .resume(let continuation):
      continuation.resume()
    case .runJob(let job, let sleepingTask):
      guard let testExecutor else { return }
      testExecutor.noteWoken(sleepingTask)
      testExecutor.noteWakingUp(TestTasks.id(of: job))
      testExecutor.enqueue(
        job, preferring: testExecutor.asUnownedTaskExecutor(), isBodyJob: false, isWakeUp: true)
    }
  }

  /// The task `task` runs again while a real-clock wake-up of its is pending: its sleep was
  /// cancelled (a sleeping task runs no job until its wake-up), so the wake-up is an orphan.
  /// It is dropped from the timeline and its job, which then does nothing, is returned to run
  /// at once: it holds the runtime's record of the sleep.
  func dropWakeUp(ofCancelledSleepIn task: UInt64) -> UnownedJob? {
    state.withLock { state in
      guard
        let index = state.sleepers.firstIndex(where: {
          if case .runJob(_, task) = $0.wake { true } else { false }
        }),
        case .runJob(let job, _) = state.sleepers[index].wake
      else { return nil }
      state.sleepers.remove(at: index)
      return job
    }
  }
}

/// The test executor's side of real-clock sleeps: which tasks sleep, and the clock whose
/// timeline they join.
extension TestExecutor {
  /// Joins real-clock sleeps to `clock`'s timeline.
  func attach(_ clock: TestClock) {
    timeline.set(clock)
  }

  var clock: TestClock? { timeline.clock }

  func noteSleeping(_ task: UInt64) {
    state.withLock { _ = $0.sleepingTasks.insert(task) }
  }

  func noteWoken(_ task: UInt64) {
    state.withLock { _ = $0.sleepingTasks.remove(task) }
  }

  /// The runtime's wake-up task `task` runs: it may hop to the global executor before it
  /// resumes its sleeper, and that hop, taken here, is a wake-up too (`takeGlobalJob`).
  func noteWakingUp(_ task: UInt64) {
    guard task != 0 else { return }
    state.withLock { _ = $0.wakingTasks.insert(task) }
  }

  /// When the job's task has a real-clock wake-up pending, its sleep was cancelled: the orphan
  /// is dropped from the timeline and its job runs next.
  func dropWakeUpIfCancelled(before job: UnownedJob) {
    let task = TestTasks.id(of: job)
    guard state.withLock({ $0.sleepingTasks.remove(task) }) != nil,
      let orphan = clock?.dropWakeUp(ofCancelledSleepIn: task)
    else { return }
    enqueue(orphan, preferring: asUnownedTaskExecutor(), isBodyJob: false)
  }

  /// When the job running here now started.
  var jobStartedAt: ContinuousClock.Instant { state.withLock { $0.jobStartedAt } }

}

/// The requested length of a real-clock sleep, recovered from its deadline.
///
/// `Task.sleep(for:)` and `ContinuousClock.sleep(for:)` turn the duration into a deadline from
/// a `now` read just before the call reaches the executor, so the deadline's distance from the
/// moment it arrives is short by the time in between (measured here: 100 s arrived as
/// 99.9999904 s). When the caller read `now` in the job that makes the call, the requested
/// duration lies between the deadline's distances from the moment it arrived (`shortest`) and
/// from the moment that job started. Work the job did before the call widens that range for
/// nothing, so it is capped at `RecoveredDuration.window` (10 ms) above `shortest` (`longest`). The
/// rule: the roundest duration in that range — the first multiple of 1 s, 100 ms, 10 ms, …
/// 1 ns at or above `shortest` that is not above `longest`. A call that reaches the executor
/// more than the window after reading `now` (a thread preempted in between) is recovered
/// short by that delay.
enum RecoveredDuration {
  /// How long after reading `now` a sleep call may reach the executor and still be recovered
  /// exactly. Measured here: under ThreadSanitizer, with the suite running in parallel, calls
  /// arrived 1–2 ms late, so 1 ms was too tight; the price of 10 ms is that a duration less
  /// than 10 ms below a rounder one (999 ms after work in the same job) is taken as the
  /// rounder one.
  static let window = Duration.milliseconds(10)

  static func roundest(from shortest: Duration, to longest: Duration) -> Duration {
    guard longest > .zero else { return .zero }
    let lower = nanoseconds(max(shortest, .zero))
    let upper = nanoseconds(longest)
    // Past some 292 years nanoseconds do not fit: such a sleep is not rounded.
    guard let lower, let upper else { return max(shortest, .zero) }
    var unit: Int64 = 1_000_000_000
    while unit >= 1 {
      let (roundedUp, overflow) = lower.addingReportingOverflow(unit - 1)
      let rounded = roundedUp / unit * unit
      if !overflow && rounded <= upper { return .nanoseconds(rounded) }
      unit /= 10
    }
    return .nanoseconds(lower)
  }

  private static func nanoseconds(_ duration: Duration) -> Int64? {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return nil }
    let (sum, sumOverflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    return sumOverflow ? nil : sum
  }
}

/// A weak reference to the clock a test executor serves.
final class WeakTestClock: Sendable {
  private let reference = LockedState<WeakReference>(WeakReference())

  private struct WeakReference {
    weak var clock: TestClock?
  }

  var clock: TestClock? { reference.withLock { $0.clock } }

  func set(_ clock: TestClock) {
    reference.withLock { $0.clock = clock }
  }
}
