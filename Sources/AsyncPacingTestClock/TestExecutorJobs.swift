/// What the test executor's queue and drain keep: each queued job with its kind, the work a
/// hop continues, and where the drain and the observing of the runtime's hooks stand.
extension TestExecutor {
  struct QueuedJob {
    var job: UnownedJob
    /// The executor the job's task prefers: this one, or the body's (``BodyTaskExecutor``).
    var executor: UnownedTaskExecutor
    var kind: JobKind
    /// For a hop of a task (the runtime switching it to run nonisolated code, or to this
    /// executor from the main actor), when the work it continues began: a deadline read before
    /// the hop and slept after it is one stretch of work, whose call may have been held up for
    /// all of it, waits in the queue included.
    var workStartedAt: ContinuousClock.Instant?
  }

  /// Who sent a job here, as `enqueue` is told.
  enum JobSource {
    /// A task of the test body's (through ``BodyTaskExecutor``).
    case body
    /// The runtime's wake-up job of a real-clock sleep.
    case realClockWakeUp
    /// Any other task of the test's.
    case other
  }

  /// What running a job means for settling and auto-advance.
  enum JobKind {
    /// A job of the body's tasks that counts as the body's progress: not the mere wake-up of a
    /// body task's sleep (see `resumingSleepers`).
    case bodyProgress
    /// The runtime's wake-up job of a real-clock sleep: it resumes the sleeping task, which is
    /// a wake-up, not progress, as a test-clock sleeper's resumption is.
    case realClockWakeUp
    case work
  }

  /// Whether a drain runs, and whether it is resuming the settling waiters it found the queue
  /// empty for.
  enum DrainPhase {
    case idle
    /// A drain runs or is scheduled on the queue.
    case draining
    /// A drain that emptied the queue resumes the settling waiters, on the queue: a job they
    /// enqueue schedules the next drain, which runs once this one returns.
    case resumingIdleWaiters(drainScheduled: Bool)

    /// A job or a waiter needs a drain: `true` if the caller must schedule one.
    mutating func needsDrain() -> Bool {
      switch self {
      case .idle:
        self = .draining
        return true
      case .resumingIdleWaiters(drainScheduled: false):
        self = .resumingIdleWaiters(drainScheduled: true)
        return true
      case .draining, .resumingIdleWaiters(drainScheduled: true):
        return false
      }
    }

    /// A job is running or queued.
    var isDraining: Bool {
      switch self {
      case .draining, .resumingIdleWaiters(drainScheduled: true): true
      case .idle, .resumingIdleWaiters(drainScheduled: false): false
      }
    }
  }

  /// Whether this executor takes its test's work from the runtime's hooks.
  enum Observation {
    /// The body runs. `holdsGlobalHook`: this executor holds the runtime's global enqueue hook
    /// (the process scope's, and work sent to the global executor) until it stops.
    case observing(holdsGlobalHook: Bool)
    /// The body has returned: what its caller does next is not the test's work.
    case stopped
  }
}
