import AsyncPacing
import Dispatch

/// What the runtime's hooks let the test executor see and take of its test's work elsewhere:
/// its jobs on the main actor (counted, so that settling waits for them) and the global
/// executor's jobs that continue its main-actor work (run here).
extension TestExecutor {
  /// Runs here a job the global executor would have run, when it is this test's main-actor
  /// work going on in nonisolated code: a hop of the task running the test's main-actor code
  /// or running here (a nonisolated function, a `Task.yield()`), a child task that main-actor
  /// code starts (`async let`, a task group), or a job of a task already known as the test's
  /// (`TestTasks`). Under the process scope, also a task that code running here or on the main
  /// actor for this test starts or resumes (`Task {}`, `Task.detached`), from then on known as
  /// the test's. Returns false, leaving the job to the runtime, for anything else: under the
  /// task-tree scope an unstructured task that code on this executor starts escapes, as the
  /// contract says, and everything does once the body has returned.
  func takeGlobalJob(
    _ job: UnownedJob, enqueuedFrom place: TestContext.Place?, by enqueuer: Enqueuer?
  ) -> Bool {
    let isHopOfItsOwnTask = enqueuer == nil
    let task = TestTasks.id(of: job)
    let isKnown = TestTasks.owner(of: task) === self
    let isChild = place == .mainActor && TestTasks.isChildTask(job)
    // Under the process scope, a task created since the test began that a task of the test's
    // starts or resumes: its own task tree's, or one already taken. Another test's work that
    // runs here (an actor both use) sends its jobs from tasks of its own, and is passed on.
    let isProcessScopes =
      scope == .process && task > firstTaskID && enqueuer.map(isTestsTask) == true
    let isTaken = state.withLock { state in
      guard state.isObserving else { return false }
      let isResumingIdleWaiters =
        if case .resumingIdleWaiters = state.drain { true } else { false }
      switch place {
      case .mainActor?:
        // Not an unstructured task that main-actor code starts off the main actor
        // (`Task.detached`, or a real clock's pacer task): that escapes, as elsewhere, unless
        // the process scope takes what the test's code starts.
        return isKnown || isHopOfItsOwnTask || isChild || isProcessScopes
      case .testExecutor?:
        // A settling waiter that is not the test's, resumed from here, is not a hop of its own.
        if isKnown || (isHopOfItsOwnTask && !isResumingIdleWaiters) { return true }
        if isProcessScopes && !isResumingIdleWaiters { return true }
        // A task the test's code started (or resumed) with a plain `Task {}` escapes: counted
        // for the hint a failing test gets.
        if !isHopOfItsOwnTask { state.observed.escapedTaskJobs += 1 }
        return false
      case nil:
        // On a thread no test runs on (an actor another thread was draining): a task the
        // test's own task starts there is the process scope's all the same.
        return isKnown || isProcessScopes
      }
    }
    guard isTaken else { return false }
    TestTasks.register(task, to: self)
    // The moment the hopping job ends, on the thread that ran it, read before the lock.
    let hopMoment = isHopOfItsOwnTask ? ThreadRunningTime.now : nil
    let (isWakeUp, continued) = state.withLock { state in
      let continued: ContinuedWork? =
        switch (isHopOfItsOwnTask, place) {
        case (true, .testExecutor?):
          ContinuedWork(
            startedAt: state.jobStartedAt, waitedBefore: state.jobWaitedAsHop,
            notRunningBefore: state.jobNotRunningBefore
              + state.jobThreadMark.timeNotRunning(until: hopMoment ?? state.jobThreadMark))
        case (true, .mainActor?):
          ContinuedWork(
            startedAt: state.mainActorJobThreadMark.wall, waitedBefore: .zero,
            notRunningBefore: state.mainActorJobThreadMark.timeNotRunning(
              until: hopMoment ?? state.mainActorJobThreadMark))
        default: nil
        }
      return (state.wakingTasks.remove(task) != nil, continued)
    }
    enqueue(
      job, preferring: asUnownedTaskExecutor(), from: isWakeUp ? .realClockWakeUp : .other,
      continues: continued)
    return true
  }

  /// The task whose code enqueues a job that is not its own: its ID, and the executor it
  /// prefers. `nil` for a hop, which a task makes of itself (the runtime has cleared the
  /// current task by then).
  struct Enqueuer {
    var task: UInt64
    var preferred: UnownedTaskExecutor?
  }

  /// Whether `enqueuer` is a task of this test's: one that prefers its executor (the body's
  /// tasks, AsyncPacing's internal tasks, `Task(executorPreference: clock.taskExecutor)`), or
  /// one known as the test's.
  func isTestsTask(_ enqueuer: Enqueuer) -> Bool {
    if let preferred = enqueuer.preferred,
      preferred == asUnownedTaskExecutor()
        || preferred == clock?.bodyExecutor?.asUnownedTaskExecutor()
    {
      return true
    }
    return TestTasks.owner(of: enqueuer.task) === self
  }

  /// This test's work that the runtime's hooks show off this executor.
  var observed: ObservedWork { state.withLock { $0.observed } }

  /// Stops taking work from the runtime's hooks: the body has returned, and what its caller
  /// does next (leaving the executor, collecting the result) is not this test's work.
  func stopObserving() {
    let releasesHook = state.withLock { state in
      state.wakingTasks.removeAll()
      defer { state.observation = .stopped }
      if case .observing(holdsGlobalHook: true) = state.observation { return true }
      return false
    }
    TestTasks.forget(self)
    ProcessScopeRegistry.remove(self)
    if releasesHook, let displaced = GlobalEnqueueHook.release() { clock?.report(displaced) }
  }

  /// Counts a job of this test's on the main actor, and remembers its task, unless the body
  /// has returned; returns whether it was counted, in which case `mainActorJobFinished()`
  /// must follow.
  func mainActorJobQueued(_ job: UnownedJob) -> Bool {
    let isCounted = state.withLock { state in
      guard state.isObserving else { return false }
      state.observed.mainActorJobs += 1
      return true
    }
    if isCounted { TestTasks.register(TestTasks.id(of: job), to: self) }
    return isCounted
  }

  func mainActorJobStarted() {
    state.withLock { state in
      state.observed.mainActorJobsStarted += 1
      state.mainActorJobThreadMark = .now
    }
  }

  /// When the last main-actor job ends with settling waiters and nothing running here, a
  /// drain resumes them, from this executor's queue, as a drain that finds it empty does.
  func mainActorJobFinished() {
    let startDrain = state.withLock { state in
      state.observed.mainActorJobs -= 1
      guard state.observed.mainActorJobs == 0, !state.drain.isDraining,
        !state.idleWaiters.isEmpty
      else { return false }
      return state.drain.needsDrain()
    }
    if startDrain { queue.async { self.drain() } }
  }

}
