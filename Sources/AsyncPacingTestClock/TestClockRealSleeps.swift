import AsyncPacing

/// Sleeps on the real clocks (`Task.sleep`, `ContinuousClock`, `SuspendingClock`) that the test
/// executor receives, as sleepers on this clock's timeline.
extension TestClock {
  /// Registers the runtime's wake-up `job` for a real-clock sleep of `duration`, made by the
  /// task `sleepingTask`; a sleep that is already due runs its job at once.
  func scheduleWakeUp(_ job: UnownedJob, after duration: Duration, sleepingTask: UInt64) {
    guard let testExecutor else { return }
    testExecutor.noteSleeping(sleepingTask)
    let taskName = Sleeper.currentTaskName
    let registration = state.withLock { state in
      state.register(
        Sleeper(
          id: state.reserveSleeperID(), deadline: state.now.advanced(by: duration),
          resumption: .runJob(job, sleepingTask: sleepingTask), isOffExecutor: false,
          taskName: taskName))
    }
    switch registration {
    case .registered(let changeWaiter):
      changeWaiter?.resume()
    case .dueNow:
      testExecutor.noteWoken(sleepingTask)
      testExecutor.enqueue(job, preferring: testExecutor.asUnownedTaskExecutor(), from: .other)
    }
  }

  /// Wakes a sleeper whose deadline came.
  func wake(_ sleeper: Sleeper) {
    switch sleeper.resumption {
    case .resume(let continuation):
      continuation.resume()
    case .runJob(let job, let sleepingTask):
      guard let testExecutor else { return }
      testExecutor.noteWoken(sleepingTask)
      testExecutor.noteWakingUp(TestTasks.id(of: job))
      testExecutor.enqueue(
        job, preferring: testExecutor.asUnownedTaskExecutor(), from: .realClockWakeUp)
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
          if case .runJob(_, task) = $0.resumption { true } else { false }
        }),
        case .runJob(let job, _) = state.sleepers[index].resumption
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
    enqueue(orphan, preferring: asUnownedTaskExecutor(), from: .other)
  }

  /// When the work of the job running here now started, how long of it that job waited in the
  /// queue as a hop (in all, and its own last wait), and how long its threads did not run
  /// until `arrival`. Called from that job, with `arrival` taken on its thread.
  func jobTiming(until arrival: ThreadRunningTime) -> (
    startedAt: ContinuousClock.Instant, waited: Duration, waitedLast: Duration,
    notRunning: Duration
  ) {
    state.withLock {
      (
        $0.jobStartedAt, $0.jobWaitedAsHop, $0.jobWaitedAsLastHop,
        $0.jobNotRunningBefore + $0.jobThreadMark.timeNotRunning(until: arrival)
      )
    }
  }
}

extension TestClock {
  /// The test is over: each real-clock sleep still pending goes back to real time, for what is
  /// left of it, so that a task the test left sleeping (under the process scope, an app's own
  /// loop started during the test) is not frozen for the rest of the process.
  func releasePendingRealSleeps() {
    #if compiler(>=6.3) && canImport(Glibc)
      guard let testExecutor else { return }
      let released = state.withLock { state -> [(job: UnownedJob, left: Duration)] in
        var released: [(job: UnownedJob, left: Duration)] = []
        state.sleepers.removeAll { sleeper in
          guard case .runJob(let job, _) = sleeper.resumption else { return false }
          released.append((job, state.now.duration(to: sleeper.deadline)))
          return true
        }
        return released
      }
      for (job, left) in released { testExecutor.runLater(job, after: left) }
    #endif
  }
}

/// The requested length of a real-clock sleep, recovered from its deadline.
///
/// `Task.sleep(for:)` and `ContinuousClock.sleep(for:)` turn the duration into a deadline from
/// a `now` read just before the call reaches the executor, so the deadline's distance from the
/// moment it arrives (`shortest`) is short by the time in between (measured here: 100 s arrived
/// as 99.9999904 s; under ThreadSanitizer with the suite running in parallel, 10 to 20 ms
/// short). When the caller read `now` in the job that makes the call, that delay is at most the
/// time since the job started (`elapsed`), but work the job did before the call counts there
/// too. The rule: for each unit from 1 s down to 1 ns, the first multiple of it at or above
/// `shortest` is taken if it lies at most `elapsed`, and at most a tenth of the unit or 20 ms
/// (whichever is more), above `shortest`. So a sleep is exact unless its call was held up
/// beyond that bound, and work before the call rounds up only a duration just below a rounder
/// one (999 ms, within 20 ms of 1 s). Time in `elapsed` that is no work of the caller's widens
/// the bound by as much. For a task that hops between two jobs (the runtime switching it to run
/// nonisolated code, one stretch of work whose `elapsed` counts from the first job), that is
/// the time its hops waited in the queue (`queued`), for a multiple at least the last hop's
/// wait (`queuedLast`) above `shortest` (a deadline read before that hop is short by at least
/// its wait). And in work that ran less than 1 ms on its threads, it is the time they waited
/// for a core (`notRunning`: descheduled on a busy machine): with so little code before the
/// call, that time is as likely to lie after the caller read `now` as before. After longer work it most likely lies in that
/// work, and widens nothing: 250 ms slept after 60 ms of work, 50 of them descheduled, stays
/// 250 ms.
enum RecoveredDuration {
  static func roundest(
    from shortest: Duration, elapsed: Duration, queued: Duration = .zero,
    queuedLast: Duration = .zero, notRunning: Duration = .zero
  ) -> Duration {
    guard shortest + elapsed > .zero else { return .zero }
    guard let lower = nanoseconds(max(shortest, .zero)), let slack = nanoseconds(elapsed),
      let allowance = nanoseconds(queued), let lastWait = nanoseconds(queuedLast),
      let notRunningNanoseconds = nanoseconds(notRunning)
    else {
      // Past some 292 years nanoseconds do not fit: such a sleep is not rounded.
      return max(shortest, .zero)
    }
    // Neither can exceed the time since the work began (nor overflow in the sums below).
    let waiting = min(max(notRunningNanoseconds, 0), slack)
    let queuedWait = min(allowance, slack)
    let running = slack - queuedWait - waiting
    let idle = running < 1_000_000 ? waiting : 0
    var unit: Int64 = 1_000_000_000
    while unit >= 1 {
      let (roundedUp, overflow) = lower.addingReportingOverflow(unit - 1)
      let candidate = roundedUp / unit * unit
      let gap = candidate - lower
      let usual = max(unit / 10, 20_000_000) + idle
      // Queued hops widen the bound only for a deadline read before the last of them, which is
      // short by at least that hop's wait: one read after it lies no further than usual below
      // a round duration.
      let fits = gap <= slack && (gap <= usual || (gap >= lastWait && gap <= usual + queuedWait))
      if !overflow && fits { return .nanoseconds(candidate) }
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
