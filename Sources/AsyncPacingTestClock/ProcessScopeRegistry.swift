import AsyncPacing
import Synchronization

/// The test executors of tests whose bodies run and whose started tasks a process scope takes:
/// their own, or an enclosing clock's (`TestExecutor.adoptsStarts`).
///
/// Code of a test's task can run on a thread no test's executor owns: an actor that another
/// thread was draining when the test's call arrived runs the call on that thread. There the
/// queue tells no test, but the task that enqueues a job does: a task this registry finds for
/// it is the test's, and so is what it starts.
///
/// Held strongly, from the executor's start until its test stops observing (which every entry
/// point does when the body returns): a weak reference would give each executor a side table
/// that the leak checker, finding it only through the object's encoded reference count, reports
/// as leaked for executors alive at exit.
enum ProcessScopeRegistry {
  private static let executors = LockedState<[ObjectIdentifier: TestExecutor]>([:])
  /// How many entries there are, read without the lock: most enqueues of a process find none.
  private static let count = Atomic<Int>(0)

  static func add(_ executor: TestExecutor) {
    executors.withLock { executors in
      guard executors.updateValue(executor, forKey: ObjectIdentifier(executor)) == nil else {
        return
      }
      count.add(1, ordering: .releasing)
      // A timer shared across the process would time the test's real-clock pacers and
      // operators outside its reach.
      PacingDefaults.beginTakingStartedTasks()
    }
  }

  static func remove(_ executor: TestExecutor) {
    executors.withLock { executors in
      guard executors.removeValue(forKey: ObjectIdentifier(executor)) != nil else { return }
      count.subtract(1, ordering: .releasing)
      PacingDefaults.endTakingStartedTasks()
    }
  }

  /// The test under a process scope whose task `enqueuer` is, if any.
  static func owner(of enqueuer: TestExecutor.Enqueuer) -> TestExecutor? {
    guard count.load(ordering: .acquiring) > 0 else { return nil }
    // Read out of the lock: deciding takes the executors' own locks.
    let candidates = executors.withLock { Array($0.values) }
    return candidates.first { $0.isTestsTask(enqueuer) }
  }
}
