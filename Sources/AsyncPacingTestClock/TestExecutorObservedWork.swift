import AsyncPacing
import Dispatch

/// What the runtime's hooks let the test executor see and take of its test's work elsewhere:
/// its jobs on the main actor (counted, so that settling waits for them) and the global
/// executor's jobs that continue its main-actor work (run here).
extension TestExecutor {
  /// Runs here a job the global executor would have run, when it is this test's work: a job
  /// of a task already known as the test's (`TestTasks`); a hop of the test's main-actor job
  /// running now (a nonisolated function, a `Task.yield()`), or of a real-clock sleep's
  /// wake-up running here; a child task that a task of the test's starts (`async let`, a task
  /// group). Under the process scope, also a
  /// task that a task of the test's starts (`Task {}`, `Task.detached`), from then on known as
  /// the test's. A task the test's code only resumes is taken only when it is the test's
  /// already: another test's task waiting on a continuation this test resumes stays that
  /// test's. A start this scope does not take goes to the innermost enclosing test clock whose
  /// scope does (`enclosing`). Returns false, leaving the job to the runtime, for anything
  /// else: under the task-tree scope an unstructured task that code on this executor starts
  /// escapes, as the contract says, and everything does once the body has returned.
  func takeGlobalJob(_ sent: SentJob, enqueuedFrom place: TestContext.Place?) -> Bool {
    let decision = decide(sent, enqueuedFrom: place)
    switch decision {
    case .take:
      take(sent, enqueuedFrom: place)
      return true
    case .startNotCovered where enclosing?.adoptStart(sent) == true:
      return true
    case .startNotCovered:
      // A task the test's code started with a plain `Task {}` or `Task.detached` escapes:
      // counted for the warning every such test gets. A task it only resumes is not its own.
      state.withLock { state in
        if state.isObserving { state.observed.escapedTaskStarts += 1 }
      }
      return false
    case .pass:
      return false
    }
  }

  /// What this executor does with a job the global executor was sent.
  private enum Decision {
    case take
    /// A task that the test's code starts, which this scope does not take.
    case startNotCovered
    case pass
  }

  private func decide(_ sent: SentJob, enqueuedFrom place: TestContext.Place?) -> Decision {
    let isHopOfItsOwnTask = sent.enqueuer == nil
    let isKnown = TestTasks.owner(of: sent.task) === self
    // A task that a task of the test's starts: its own task tree's, or one already taken.
    // Another test's work that runs here (an actor both use) sends its jobs from tasks of its
    // own, and is passed on.
    let isTestsStart = sent.sending == .start && sent.enqueuer.map(isTestsTask) == true
    let isChild = isTestsStart && TestTasks.isChildTask(sent.job)
    return state.withLock { state -> Decision in
      guard state.isObserving else { return .pass }
      if isKnown { return .take }
      let isResumingIdleWaiters =
        if case .resumingIdleWaiters = state.drain { true } else { false }
      switch place {
      case .mainActor?:
        // Not an unstructured task that main-actor code starts off the main actor
        // (`Task.detached`, or a real clock's pacer task): that escapes, as elsewhere, unless
        // the process scope takes what the test's code starts.
        let isHopOfTheTestsJob = isHopOfItsOwnTask && sent.task == state.mainActorRunningTask
        if isHopOfTheTestsJob || isChild { return .take }
      case .testExecutor?:
        // A settling waiter that is not the test's, resumed from here, is not a hop of its own.
        if isResumingIdleWaiters { return .pass }
        // A child task that a task of the test's starts here: a main-actor task's nonisolated
        // code runs here, and its `async let` children with it.
        if isChild { return .take }
        // The test's tasks that hop from here are known, or prefer this executor and hop to it
        // directly; the one other is the runtime's wake-up of a real-clock sleep. Any other
        // task hopping from here ran here only because an actor the test was running took its
        // call (another test's task, an escaped one): it goes on where it would have run.
        if isHopOfItsOwnTask && state.wakingTasks.contains(sent.task) { return .take }
      case nil:
        // On a thread no test runs on (an actor another thread was draining): a child task of
        // the test's is its own there too, and a task the test's own task starts there is the
        // process scope's all the same.
        if isChild { return .take }
      }
      guard isTestsStart else { return .pass }
      return scope == .process ? .take : .startNotCovered
    }
  }

  /// A start that a nested test clock's scope did not take: taken here under the process
  /// scope, or passed on outwards.
  private func adoptStart(_ sent: SentJob) -> Bool {
    guard scope == .process else { return enclosing?.adoptStart(sent) ?? false }
    guard isObserving else { return false }
    take(sent, enqueuedFrom: nil)
    return true
  }

  private func take(_ sent: SentJob, enqueuedFrom place: TestContext.Place?) {
    TestTasks.register(sent.task, to: self)
    let continued = sent.enqueuer == nil ? place.map(workStartedAt(ofHopFrom:)) : nil
    let isWakeUp = state.withLock { $0.wakingTasks.remove(sent.task) != nil }
    enqueue(
      sent.job, preferring: asUnownedTaskExecutor(), from: isWakeUp ? .realClockWakeUp : .other,
      continuingWorkStartedAt: continued)
  }

  /// When the work a hop from the job running at `place` continues began.
  func workStartedAt(ofHopFrom place: TestContext.Place) -> ContinuousClock.Instant {
    state.withLock { state in
      switch place {
      case .testExecutor: state.jobStartedAt
      case .mainActor: state.mainActorJobStartedAt
      }
    }
  }

  /// For a job sent straight to this executor (a task that prefers it), the work it continues
  /// when it is a hop of the test's job running now, here or on the main actor: a deadline
  /// read before the hop is slept after it.
  func workStartedAt(ofDirect job: UnownedJob) -> ContinuousClock.Instant? {
    guard let context = TestContext.current, let place = context.place(on: self),
      Enqueuer.sending(job) == nil, isRunning(TestTasks.id(of: job), at: place)
    else { return nil }
    return workStartedAt(ofHopFrom: place)
  }

  /// A job sent to the global executor, as the runtime's hook sees it.
  struct SentJob {
    var job: UnownedJob
    /// Its task's ID (`TestTasks`), 0 for a job that is no task's.
    var task: UInt64
    /// The task that sends it, `nil` for a hop.
    var enqueuer: Enqueuer?
    /// Whether it is its task's start.
    var sending: TaskStartRecord.Sending
  }

  /// The task whose code enqueues a job that is not its own: its ID, and the executor it
  /// prefers.
  struct Enqueuer {
    var task: UInt64
    var preferred: UnownedTaskExecutor?

    /// The calling task, if any.
    static var current: Enqueuer? {
      withUnsafeCurrentTask { task in
        task.map {
          Enqueuer(
            task: TestTasks.id(of: unsafeBitCast($0, to: UnownedJob.self)),
            preferred: $0.unownedTaskExecutor)
        }
      }
    }

    /// The task that sends `job`, or `nil` when `job` continues that task (a hop to
    /// nonisolated code or to the main actor, a yield), as opposed to a task it starts or
    /// resumes: during a hop the runtime has already cleared the current task, and a task that
    /// sends itself (its ID the job's) is the job.
    static func sending(_ job: UnownedJob) -> Enqueuer? {
      guard let current, current.task != TestTasks.id(of: job) else { return nil }
      return current
    }
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

  /// Whether `task`'s job is the one of this test's running now at `place`: a hop of it is the
  /// test's.
  func isRunning(_ task: UInt64, at place: TestContext.Place) -> Bool {
    guard task != 0 else { return false }
    return state.withLock { state in
      switch place {
      case .testExecutor: state.runningTask == task
      case .mainActor: state.mainActorRunningTask == task
      }
    }
  }

  /// The test executor whose test's task the calling task is: known as its, or preferring it,
  /// where the calling code runs for it.
  static func owningCurrentTask() -> TestExecutor? {
    guard let current = Enqueuer.current else { return nil }
    if let owner = TestTasks.owner(of: current.task) { return owner }
    guard let executor = TestContext.current?.executor.takeUnretainedValue(),
      executor.isTestsTask(current)
    else { return nil }
    return executor
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
    guard releasesHook else { return }
    TaskStarts.close()
    if let displaced = GlobalEnqueueHook.release() { clock?.report(displaced) }
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

  func mainActorJobStarted(_ job: UnownedJob) {
    let task = TestTasks.id(of: job)
    state.withLock { state in
      state.mainActorRunningTask = task
      state.observed.mainActorJobsStarted += 1
      state.mainActorJobStartedAt = .now
    }
  }

  /// When the last main-actor job ends with settling waiters and nothing running here, a
  /// drain resumes them, from this executor's queue, as a drain that finds it empty does.
  func mainActorJobFinished() {
    let startDrain = state.withLock { state in
      state.mainActorRunningTask = 0
      state.observed.mainActorJobs -= 1
      guard state.observed.mainActorJobs == 0, !state.drain.isDraining,
        !state.idleWaiters.isEmpty
      else { return false }
      return state.drain.needsDrain()
    }
    if startDrain { queue.async { self.drain() } }
  }

}
