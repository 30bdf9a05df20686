import Dispatch
import Synchronization

/// A serial task executor that knows when it has nothing left to run.
///
/// `TestClock` settles on it: "run everything that can run" is exactly "wait until this
/// executor's queue is empty". The waiter is resumed only once the queue is empty, and its
/// own job is then the very next one, so it observes the state right after quiescence.
final class TestExecutor: TaskExecutor, Sendable {
  private struct State {
    var jobs: [UnownedJob] = []
    var nextJob = 0
    var isDraining = false
    var idleWaiters: [UnsafeContinuation<Void, Never>] = []
    var jobsRun = 0
  }

  private let state = LockedState(State())
  private let queue = DispatchQueue(label: "AsyncPacing.TestExecutor")
  private static let queueKey = DispatchSpecificKey<ObjectIdentifier>()

  init() {
    queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(self))
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let startDrain = state.withLock { state in
      state.jobs.append(job)
      guard !state.isDraining else { return false }
      state.isDraining = true
      return true
    }
    if startDrain { queue.async { self.drain() } }
  }

  /// Whether the calling code is running one of this executor's jobs.
  var isCurrent: Bool {
    DispatchQueue.getSpecific(key: Self.queueKey) == ObjectIdentifier(self)
  }

  /// How many jobs have run so far; settling loops compare it across rounds.
  var jobsRun: Int { state.withLock { $0.jobsRun } }

  /// Returns once every job that can run on this executor has run.
  func waitUntilIdle() async {
    await withUnsafeContinuation { continuation in
      let resumeNow = state.withLock { state in
        // A waiter that is not one of our jobs, arriving while nothing runs, would never
        // be woken by a drain.
        guard state.isDraining || isCurrent else { return true }
        state.idleWaiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  private enum Step {
    case run(UnownedJob)
    case idle([UnsafeContinuation<Void, Never>])
  }

  private func drain() {
    let executor = asUnownedTaskExecutor()
    while true {
      // Finding the queue empty and leaving the draining state happen under one lock, so a
      // job enqueued from another thread either is seen here or starts the next drain.
      let step = state.withLock { state -> Step in
        if state.nextJob < state.jobs.count {
          let job = state.jobs[state.nextJob]
          state.nextJob += 1
          state.jobsRun += 1
          // Tasks that keep handing work to each other never let the queue go idle.
          if state.nextJob >= 1024 && state.nextJob * 2 >= state.jobs.count {
            state.jobs.removeFirst(state.nextJob)
            state.nextJob = 0
          }
          return .run(job)
        }
        state.jobs.removeAll(keepingCapacity: true)
        state.nextJob = 0
        state.isDraining = false
        defer { state.idleWaiters.removeAll() }
        return .idle(state.idleWaiters)
      }
      switch step {
      case .run(let job):
        job.runSynchronously(on: executor)
      case .idle(let waiters):
        // Each resumed waiter enqueues its own task here, which starts the next drain.
        for waiter in waiters { waiter.resume() }
        return
      }
    }
  }
}
