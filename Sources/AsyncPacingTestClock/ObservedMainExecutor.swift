import AsyncPacing

#if compiler(>=6.3) && canImport(Glibc)
  import Dispatch
  import Synchronization

  /// The main actor's executor while test clocks observe it (see `RuntimeHooks`): it runs
  /// every job on the main queue, in order, on the main thread, as the runtime's does, and
  /// counts the jobs a test's work sent there, so that settling waits for exactly those.
  ///
  /// Another test's main-actor jobs are not counted for this one: they never delay its
  /// settling. A test's own jobs are found by their task, or by who sends them (`TestContext`)
  /// when the task is new (`TaskStarts`) or hops there.
  final class ObservedMainExecutor: SerialExecutor {
    static let shared = ObservedMainExecutor()

    /// The test whose job runs on the main thread now, if any: what that job enqueues is its.
    private let running = LockedState<TestContext?>(nil)

    static var runningContext: TestContext? {
      guard TestExecutor.isOnMainQueue else { return nil }
      return shared.running.withLock { $0 }
    }

    func enqueue(_ job: consuming ExecutorJob) {
      let unownedJob = UnownedJob(job)
      let task = TestTasks.id(of: unownedJob)
      let sending = TaskStarts.note(task)
      // The test its task is known to belong to, from anywhere (a Dispatch callback resuming a
      // continuation); otherwise the test whose work sends it: a hop of the test's job running
      // there, or a task the test's task starts, never a task it only resumes, nor what
      // another task does while it runs on the test's thread.
      let owner =
        TestTasks.owner(of: task)
        ?? TestContext.current.flatMap { context -> TestExecutor? in
          let executor = context.executor.takeUnretainedValue()
          let isTestsOwn =
            switch TestExecutor.Enqueuer.sending(unownedJob) {
            case nil: task == 0 || executor.isRunning(task, at: context.place)
            case let enqueuer?: (task == 0 || sending == .start) && executor.isTestsTask(enqueuer)
            }
          return isTestsOwn ? executor : nil
        }
        ?? (sending == .start ? startingProcessScope(of: unownedJob) : nil)
      let counted = owner?.mainActorJobQueued(unownedJob) == true
      let run: @Sendable () -> Void = { [self] in
        guard counted, let owner else {
          unownedJob.runSynchronously(on: asUnownedSerialExecutor())
          return
        }
        // Restored, not cleared: were main-queue jobs ever to nest, the outer keeps its test.
        let outer = running.withLock { running in
          defer { running = TestContext(owner, place: .mainActor) }
          return running
        }
        owner.mainActorJobStarted(unownedJob)
        unownedJob.runSynchronously(on: asUnownedSerialExecutor())
        running.withLock { $0 = outer }
        owner.mainActorJobFinished()
      }
      DispatchQueue.main.async(execute: run)
    }

    /// The test under a process scope whose task starts `job` from where no context tells:
    /// a thread no test runs on, or another test's (an actor both use).
    private func startingProcessScope(of job: UnownedJob) -> TestExecutor? {
      guard let enqueuer = TestExecutor.Enqueuer.sending(job),
        let executor = ProcessScopeRegistry.owner(of: enqueuer),
        !(TestContext.current?.isOn(executor) ?? false)
      else { return nil }
      return executor
    }

    func checkIsolated() {
      dispatchPrecondition(condition: .onQueue(.main))
    }
  }
#else
  enum ObservedMainExecutor {
    static var runningContext: TestContext? { nil }
  }
#endif
