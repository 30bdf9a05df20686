import AsyncPacing
import Dispatch
import Synchronization

/// A serial task executor that knows when it has nothing left to run.
///
/// `TestClock` settles on it: "run everything that can run" is exactly "wait until this
/// executor's queue is empty". The waiter is resumed only once the queue is empty, and its
/// own job is then the very next one, so it observes the state right after quiescence.
final class TestExecutor: TaskExecutor, Sendable {
  struct State {
    var jobs: [QueuedJob] = []
    var nextJob = 0
    var drain = DrainPhase.idle
    var idleWaiters: [UnsafeContinuation<Void, Never>] = []
    var jobsRun = 0
    var bodyJobsRun = 0
    /// A one-way latch, and the only state of its kind: from the first main-actor job on,
    /// settling waits for the main actor too.
    var hasSeenMainActorWork = false
    /// A count, not a flag: manual advances from outside the executor can overlap.
    var sleeperResumptions = 0
    /// This test's work that the runtime's hooks show off this executor: settling waits for it.
    var observed = ObservedWork()
    var observation = Observation.observing(holdsGlobalHook: false)
    /// When the work of the job running now began (in an earlier job, for a hop): a
    /// real-clock sleep's call made in it was held up at most since then.
    var jobStartedAt = ContinuousClock.now
    /// When the test's main-actor job running now began, for a hop it makes to come here.
    var mainActorJobStartedAt = ContinuousClock.now
    /// The tasks (IDs) whose jobs run now here and on the main actor for this test, 0 for
    /// none: a hop is the test's when it is theirs. Another task can run on this executor's
    /// thread within a job (an actor the job released runs its next job there, and that task,
    /// switching to nonisolated code, may go on there), and its hops are not the test's.
    var runningTask: UInt64 = 0
    var mainActorRunningTask: UInt64 = 0
    /// The tasks (IDs) with a real-clock wake-up pending on the clock: when one runs a job
    /// first, its sleep was cancelled.
    var sleepingTasks: Set<UInt64> = []
    /// The runtime's wake-up tasks of real-clock sleeps that were run: their hops are wake-ups.
    var wakingTasks: Set<UInt64> = []

    var isObserving: Bool {
      if case .observing = observation { return true }
      return false
    }
  }

  /// Which of its test's work this executor takes from the global executor.
  let scope: TestClock.Scope
  /// The test executor whose test's work made this one (a test clock nested in another's
  /// body): a task this test's code starts that its own scope does not take goes to the
  /// innermost enclosing one whose scope does.
  let enclosing: TestExecutor?

  /// The clock whose timeline real-clock sleeps join; weak, as the clock owns this executor.
  let timeline = WeakTestClock()

  /// Internal, not private: the observed work's extension (`TestExecutorObservedWork.swift`)
  /// keeps its counts here, under the same lock.
  let state = LockedState(State())
  let queue = DispatchQueue(label: "AsyncPacing.TestExecutor")
  /// The test whose work runs on the current queue: this executor's.
  static let contextKey = DispatchSpecificKey<TestContext>()
  private static let mainQueueKey = DispatchSpecificKey<Bool>()
  /// Marks the main queue once per process, so that `enqueue` can tell a job sent from
  /// main-actor code without Foundation's `Thread.isMainThread`.
  private static let mainQueueIsMarked: Bool = {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
    return true
  }()

  init(scope: TestClock.Scope = .taskTree) {
    self.scope = scope
    enclosing = Self.owningCurrentTask()
    _ = Self.mainQueueIsMarked
    let holdsGlobalHook = RuntimeHooks.isInstalled && GlobalEnqueueHook.hold()
    state.withLock { $0.observation = .observing(holdsGlobalHook: holdsGlobalHook) }
    queue.setSpecific(key: Self.contextKey, value: TestContext(self, place: .testExecutor))
    guard holdsGlobalHook else { return }
    TaskStarts.open()
    if adoptsStarts { ProcessScopeRegistry.add(self) }
  }

  deinit {
    let holdsGlobalHook = state.withLock { state in
      if case .observing(holdsGlobalHook: true) = state.observation { return true }
      return false
    }
    guard holdsGlobalHook else { return }
    TaskStarts.close()
    _ = GlobalEnqueueHook.release()
  }

  /// Whether a clock, this one or an enclosing one, takes the tasks this test's code starts.
  var adoptsStarts: Bool { scope == .process || enclosing?.adoptsStarts == true }

  /// The test body's task starts: the tasks created from now on are told apart from older ones.
  func bodyStarted() {
    TaskStarts.bodyStarted(TestTasks.current)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    enqueue(
      job, preferring: asUnownedTaskExecutor(), from: .other,
      continuingWorkStartedAt: workStartedAt(ofDirect: job))
  }

  /// Queues `job`, to run as a job of `executor`, the executor its task prefers.
  func enqueue(
    _ job: UnownedJob, preferring executor: UnownedTaskExecutor, from source: JobSource,
    continuingWorkStartedAt workStartedAt: ContinuousClock.Instant? = nil
  ) {
    let fromMainQueue = Self.isOnMainQueue
    let startDrain = state.withLock { state in
      let kind: JobKind =
        switch source {
        case .body: state.sleeperResumptions == 0 ? .bodyProgress : .work
        case .realClockWakeUp: .realClockWakeUp
        case .other: .work
        }
      state.jobs.append(
        QueuedJob(job: job, executor: executor, kind: kind, workStartedAt: workStartedAt))
      if fromMainQueue { state.hasSeenMainActorWork = true }
      return state.drain.needsDrain()
    }
    if startDrain { queue.async { self.drain() } }
  }

  /// Whether the calling code is running one of this executor's jobs.
  var isCurrent: Bool {
    guard let context = DispatchQueue.getSpecific(key: Self.contextKey) else { return false }
    return context.place == .testExecutor && context.isOn(self)
  }

  /// Whether the calling code runs one of this executor's jobs, or a job of this test's on the
  /// main actor where the main actor is observed: the places where settling is exact.
  var isExactContext: Bool {
    guard let context = TestContext.current else { return false }
    return context.isOn(self)
  }

  /// How many jobs have started so far; settling and the progress guard compare it.
  var jobsRun: Int { state.withLock { $0.jobsRun } }

  /// How many of those were jobs of the test body's tasks, other than a sleeper's wake-up:
  /// auto-advance counts them as the body's progress.
  var bodyJobsRun: Int { state.withLock { $0.bodyJobsRun } }

  /// Runs `resume`, which resumes sleepers' continuations: the jobs it enqueues (each resumed
  /// task's, on this thread, before it returns) are wake-ups, not progress. A body task that
  /// only sleeps again, as a repeating timer in an `async let` does, so makes none.
  func resumingSleepers(_ resume: () -> Void) {
    state.withLock { $0.sleeperResumptions += 1 }
    resume()
    state.withLock { $0.sleeperResumptions -= 1 }
  }

  /// Whether the calling code runs on the main queue, that is main-actor code.
  static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

  /// Whether a job is running or queued: the progress guard's sign of a job that never returns.
  var isBusy: Bool { state.withLock { $0.drain.isDraining } }

  /// Whether the body still runs, so that what the runtime's hooks show is the test's work.
  var isObserving: Bool { state.withLock { $0.isObserving } }

  /// Whether a job reached this executor from the main queue, that is from main-actor code:
  /// from then on, settling also waits for the main actor.
  var hasSeenMainActorWork: Bool { state.withLock { $0.hasSeenMainActorWork } }

  func noteMainActorWork() {
    state.withLock { $0.hasSeenMainActorWork = true }
  }

  /// Returns once every job that can run on this executor has run.
  func waitUntilIdle() async {
    await withUnsafeContinuation { continuation in
      let resumeNow = state.withLock { state in
        // A waiter that is not one of our jobs, arriving while nothing runs, would never
        // be woken by a drain.
        guard state.drain.isDraining || isCurrent || state.observed.mainActorJobs > 0 else {
          return true
        }
        state.idleWaiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  private enum Step {
    case run(QueuedJob)
    /// A real-clock wake-up was pending when the job was taken: it may be its task's first
    /// job after a cancelled sleep.
    case runAfterPendingWakeUp(QueuedJob)
    case idle([UnsafeContinuation<Void, Never>])
  }

  func drain() {
    while true {
      // Finding the queue empty and leaving the draining state happen under one lock, so a
      // job enqueued from another thread either is seen here or starts the next drain.
      let step = state.withLock { state -> Step in
        if state.nextJob < state.jobs.count {
          let job = state.jobs[state.nextJob]
          let mayEndASleep = !state.sleepingTasks.isEmpty
          state.runningTask = TestTasks.id(of: job.job)
          state.jobStartedAt = job.workStartedAt ?? .now
          state.nextJob += 1
          state.jobsRun += 1
          if case .bodyProgress = job.kind { state.bodyJobsRun += 1 }
          // Tasks that keep handing work to each other never let the queue go idle.
          if state.nextJob >= 1024 && state.nextJob * 2 >= state.jobs.count {
            state.jobs.removeFirst(state.nextJob)
            state.nextJob = 0
          }
          return mayEndASleep ? .runAfterPendingWakeUp(job) : .run(job)
        }
        state.jobs.removeAll(keepingCapacity: true)
        state.nextJob = 0
        // No job runs now: a waiter resumed from here next is no hop of the last one's.
        state.runningTask = 0
        // The test's main-actor work can still send jobs here: the waiters wait for it too,
        // and the drain its last job starts when it ends resumes them.
        guard state.observed.mainActorJobs == 0, !state.idleWaiters.isEmpty else {
          state.drain = .idle
          return .idle([])
        }
        state.drain = .resumingIdleWaiters(drainScheduled: false)
        defer { state.idleWaiters.removeAll() }
        return .idle(state.idleWaiters)
      }
      switch step {
      case .runAfterPendingWakeUp(let queued):
        dropWakeUpIfCancelled(before: queued.job)
        run(queued)
      case .run(let queued):
        run(queued)
      case .idle(let waiters):
        guard !waiters.isEmpty else { return }
        // Each resumed waiter enqueues its own task here, which schedules the next drain.
        for waiter in waiters { waiter.resume() }
        state.withLock { state in
          guard case .resumingIdleWaiters(let drainScheduled) = state.drain else { return }
          state.drain = drainScheduled ? .draining : .idle
        }
        return
      }
    }
  }

  private func run(_ queued: QueuedJob) {
    if case .realClockWakeUp = queued.kind {
      resumingSleepers { queued.job.runSynchronously(on: queued.executor) }
    } else {
      queued.job.runSynchronously(on: queued.executor)
    }
  }
}

/// The executor the test body and its child tasks prefer: its jobs run on the test executor,
/// in the same queue, and are counted as the body's, so that auto-advance can tell a body
/// that receives what it waits for from one that waits while a timer repeats.
final class BodyTaskExecutor: TaskExecutor, Sendable {
  let testExecutor: TestExecutor

  init(testExecutor: TestExecutor) {
    self.testExecutor = testExecutor
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    testExecutor.enqueue(
      job, preferring: asUnownedTaskExecutor(), from: .body,
      continuingWorkStartedAt: testExecutor.workStartedAt(ofDirect: job))
  }
}
