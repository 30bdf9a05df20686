import Synchronization

/// The test executors of process-scope tests whose bodies run.
///
/// Code of a test's task can run on a thread no test's executor owns: an actor that another
/// thread was draining when the test's call arrived runs the call on that thread. There the
/// queue tells no test, but the task that enqueues a job does: a task this registry finds for
/// it is the test's, and so is what it starts.
enum ProcessScopeRegistry {
  private final class Entry: Sendable {
    let executor = LockedState<WeakExecutor>(WeakExecutor())
  }

  private struct WeakExecutor {
    weak var executor: TestExecutor?
  }

  private static let entries = LockedState<[ObjectIdentifier: Entry]>([:])
  /// How many entries there are, read without the lock: most enqueues of a process find none.
  private static let count = Atomic<Int>(0)

  static func add(_ executor: TestExecutor) {
    let entry = Entry()
    entry.executor.withLock { $0.executor = executor }
    entries.withLock { entries in
      guard entries.updateValue(entry, forKey: ObjectIdentifier(executor)) == nil else { return }
      count.add(1, ordering: .releasing)
    }
  }

  static func remove(_ executor: TestExecutor) {
    entries.withLock { entries in
      guard entries.removeValue(forKey: ObjectIdentifier(executor)) != nil else { return }
      count.subtract(1, ordering: .releasing)
    }
  }

  /// The process-scope test whose task `enqueuer` is, if any.
  static func owner(of enqueuer: TestExecutor.Enqueuer) -> TestExecutor? {
    guard count.load(ordering: .acquiring) > 0 else { return nil }
    // Read out of the lock: deciding takes the executors' own locks.
    let candidates = entries.withLock { $0.values.compactMap { $0.executor.withLock(\.executor) } }
    return candidates.first { $0.isTestsTask(enqueuer) }
  }
}
