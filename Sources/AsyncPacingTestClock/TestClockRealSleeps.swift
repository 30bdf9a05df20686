import AsyncPacing

/// Sleeps on the real clocks (`Task.sleep`, `ContinuousClock`, `SuspendingClock`) that the test
/// executor receives, as sleepers on this clock's timeline.
extension TestClock {
  /// Registers the runtime's wake-up `job` for a real-clock sleep, made by the task
  /// `sleepingTask`, for the duration recovered from its deadline (warned when in doubt); a
  /// sleep that is already due runs its job at once.
  func scheduleWakeUp(_ job: UnownedJob, recovered: RecoveredSleep, sleepingTask: UInt64) {
    guard let testExecutor else { return }
    // The test is over: a sleep of a task it left goes on in real time, not frozen on a
    // timeline nobody moves (and its job, which holds the sleep's record, is not lost).
    guard !state.withLock(\.realSleepsAreReal) else {
      return testExecutor.runLater(job, after: recovered.duration)
    }
    testExecutor.noteSleeping(sleepingTask)
    let taskName = Sleeper.currentTaskName
    let (registration, start) = state.withLock { state in
      let registration = state.register(
        Sleeper(
          id: state.reserveSleeperID(), deadline: state.now.advanced(by: recovered.duration),
          resumption: .runJob(job, sleepingTask: sleepingTask), isOffExecutor: false,
          taskName: taskName))
      return (registration, state.now)
    }
    if let doubt = recovered.doubt {
      warn(
        InexactSleep(
          registeredAt: start, duration: recovered.duration, doubt: doubt, taskName: taskName))
    }
    switch registration {
    case .registered(let changeWaiter):
      changeWaiter?.resume()
    case .dueNow:
      testExecutor.noteWoken(sleepingTask)
      testExecutor.noteWakingUp(TestTasks.id(of: job))
      testExecutor.enqueue(
        job, preferring: testExecutor.asUnownedTaskExecutor(), from: .realClockWakeUp)
    }
  }

  /// Resumes a sleeper whose deadline came.
  func resume(_ sleeper: Sleeper) {
    switch sleeper.resumption {
    case .resume(let continuation):
      continuation.resume()
    case .fire(let fire):
      startFiring(fire)
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
    noteWakingUp(TestTasks.id(of: orphan))
    enqueue(orphan, preferring: asUnownedTaskExecutor(), from: .other)
  }

  /// How long a real-clock sleep's call, arriving now from the code running now, may
  /// have been held up since it read `now`: at most the time since its work began (the job
  /// running here, or the first job of the stretch a hop of it continues), whatever happened
  /// in it: work, waits in the queue, time its threads did not run. The wall clock alone
  /// bounds it: a thread's CPU clock counts time a virtual machine's host took the core away
  /// (measured here: a call held up 2.6 ms in a job whose thread's CPU clock showed 2 µs of
  /// not running). `nil` for a call from a job that does not run here.
  func heldUpAtMost() -> Duration? {
    guard isCurrent else { return nil }
    return max(state.withLock { $0.jobStartedAt }.duration(to: .now), .zero)
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
        state.realSleepsAreReal = true
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
