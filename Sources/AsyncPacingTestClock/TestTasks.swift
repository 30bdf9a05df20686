import AsyncPacing
import Synchronization

#if compiler(>=6.3) && canImport(Glibc)
  import Glibc
#endif

/// Which test's work each task is, by the runtime's task ID, for the tasks a test's main-actor
/// work runs in: a job of such a task that reaches the main actor or the global executor from
/// a thread no test runs on (a continuation resumed by a Dispatch callback, an actor that
/// another thread was draining) still belongs to its test.
///
/// Keyed by ID, not address: the allocator hands a finished task's address to the next task
/// at once (measured here: 200 detached tasks in a row used 16 addresses), so an address would
/// claim unrelated tasks. A test's entries are dropped when its body returns.
enum TestTasks {
  private static let owners = LockedState<[UInt64: TestExecutor]>([:])
  /// How many entries there are, read without the lock: most enqueues of a process find none.
  private static let count = Atomic<Int>(0)

  static func owner(of task: UInt64) -> TestExecutor? {
    guard task != 0, count.load(ordering: .acquiring) > 0 else { return nil }
    return owners.withLock { $0[task] }
  }

  /// Remembers `task` as `executor`'s, unless its body has returned: checked under this lock,
  /// so that a registration racing `forget(_:)` either comes before it or not at all.
  static func register(_ task: UInt64, to executor: TestExecutor) {
    guard task != 0 else { return }
    owners.withLock { owners in
      guard owners[task] == nil, executor.isObserving else { return }
      owners[task] = executor
      count.add(1, ordering: .releasing)
    }
  }

  static func forget(_ executor: TestExecutor) {
    owners.withLock { owners in
      let before = owners.count
      owners = owners.filter { $0.value !== executor }
      count.subtract(before - owners.count, ordering: .releasing)
    }
  }

  /// The runtime's ID of the calling task, or 0 outside a task.
  static var current: UInt64 {
    withUnsafeCurrentTask { task in
      task.map { id(of: unsafeBitCast($0, to: UnownedJob.self)) } ?? 0
    }
  }

  /// The runtime's ID of the task whose job `job` is, or 0 for a job that is not a task's.
  static func id(of job: UnownedJob) -> UInt64 {
    #if compiler(>=6.3) && canImport(Glibc)
      guard let taskID = jobTaskID else { return 0 }
      return taskID(job)
    #else
      return 0
    #endif
  }

  /// Whether `job` is a child task's (`async let`, a task group's), as opposed to an
  /// unstructured task's: the runtime's job flags say so (`Task_IsChildTask`, bit 24).
  static func isChildTask(_ job: UnownedJob) -> Bool {
    #if compiler(>=6.3) && canImport(Glibc)
      guard id(of: job) != 0, let flags = jobFlags else { return false }
      return flags(job) & (1 << 24) != 0
    #else
      return false
    #endif
  }

  #if compiler(>=6.3) && canImport(Glibc)
    typealias JobTaskID = @convention(thin) (UnownedJob) -> UInt64
    typealias JobFlags = @convention(thin) (UnownedJob) -> UInt32

    /// `swift_task_getJobFlags` and `swift_task_getJobTaskId`, exported by the concurrency
    /// runtime (0 where they are not).
    private static let jobFlagsAddress = runtimeFunction("swift_task_getJobFlags")
    private static let jobTaskIDAddress = runtimeFunction("swift_task_getJobTaskId")

    private static func runtimeFunction(_ name: String) -> UInt {
      guard let process = dlopen(nil, RTLD_NOW), let address = dlsym(process, name) else {
        return 0
      }
      return UInt(bitPattern: address)
    }

    private static var jobFlags: JobFlags? {
      jobFlagsAddress == 0 ? nil : unsafeBitCast(jobFlagsAddress, to: JobFlags.self)
    }

    private static var jobTaskID: JobTaskID? {
      jobTaskIDAddress == 0 ? nil : unsafeBitCast(jobTaskIDAddress, to: JobTaskID.self)
    }
  #endif
}
