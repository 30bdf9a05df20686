import AsyncPacing
import Synchronization

#if compiler(>=6.3) && canImport(Glibc)
  import Glibc
#endif

/// The Swift runtime's hooks through which a test clock sees its test's work beyond its executor.
///
/// - `swift_task_getMainExecutor_hook`, installed once per process by the first test clock with
///   an executor, and kept, makes ``ObservedMainExecutor`` the main actor's executor: the main
///   actor's identity must not change while the process runs. On Swift 6.3 the runtime no
///   longer calls `swift_task_enqueueMainExecutor_hook` for main-actor jobs (measured here: zero
///   calls for hops, yields and main-actor tasks), so the main actor's executor itself is what
///   can count them. It runs every job on the main queue, in order, on the main thread, as the
///   runtime's own does.
/// - `swift_task_enqueueGlobal_hook` (``GlobalEnqueueHook``), held only while a test clock
///   watches its test's work, takes the global executor's jobs that belong to a test and runs
///   them on its executor: those that continue its main-actor work in nonisolated code (a
///   `Task.yield()`, a nonisolated async function it calls), and, under the process scope, the
///   tasks its code starts. Every other job goes to the hook found before, or to the runtime.
///   Measured here: running such a job on a queue of one's own instead loses it, since the
///   runtime enqueues a yielding task again after the job returns.
///
/// Only this folder touches the hooks, behind `#if compiler(>=6.3)` and on Linux, where they
/// were measured; elsewhere `isInstalled` is false and settling falls back to its main-actor
/// barrier (`TestClock.settleWork()`).
enum RuntimeHooks {
  /// Whether the hooks can be used: the main executor's installed (on first use), and the
  /// global enqueue hook found.
  static let isInstalled: Bool = install()

  #if compiler(>=6.3) && canImport(Glibc)
    typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
    typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void
    typealias MainExecutorOriginal = @convention(thin) () -> UnownedSerialExecutor
    typealias MainExecutorHook = @convention(thin) (MainExecutorOriginal) -> UnownedSerialExecutor

    /// The runtime's main-executor hook variable, `nil` where this runtime has none.
    static var mainExecutorHook: UnsafeMutablePointer<MainExecutorHook?>? {
      UnsafeMutablePointer(bitPattern: mainExecutorHookAddress)
    }

    /// Its address, 0 where this runtime has none.
    private static let mainExecutorHookAddress: UInt = {
      guard let process = dlopen(nil, RTLD_NOW),
        let address = dlsym(process, "swift_task_getMainExecutor_hook")
      else { return 0 }
      return UInt(bitPattern: address)
    }()

    private static func install() -> Bool {
      guard let mainHook = mainExecutorHook, GlobalEnqueueHook.isFound else { return false }
      // Another main executor hook decides the main actor's identity already: two cannot.
      guard mainHook.pointee == nil else { return false }
      _ = ObservedMainExecutor.shared
      installMainExecutorHook(mainHook)
      return true
    }
  #else
    private static func install() -> Bool { false }
  #endif

}

#if compiler(>=6.3) && canImport(Glibc)
  // At file level: a hook is a thin function, which a closure formed in a type's static
  // context, or a reference to a function, cannot be converted to (the compiler says
  // "nontrivial thin function reference").
  private func installMainExecutorHook(
    _ main: UnsafeMutablePointer<RuntimeHooks.MainExecutorHook?>
  ) {
    main.pointee = { _ in ObservedMainExecutor.shared.asUnownedSerialExecutor() }
  }

  /// The global enqueue hook AsyncPacing installs: one function, the same at every call.
  func observingGlobalEnqueueHook() -> RuntimeHooks.EnqueueHook {
    { job, original in observingGlobalEnqueue(job, original) }
  }

  private func observingGlobalEnqueue(
    _ job: UnownedJob, _ original: RuntimeHooks.EnqueueOriginal
  ) {
    // A hook installed after ours that calls ours again, which calls it: the job goes on.
    guard GlobalEnqueueHook.enter() else { return original(job) }
    defer { GlobalEnqueueHook.leave() }
    let task = TestTasks.id(of: job)
    let sent = TestExecutor.SentJob(
      job: job, task: task, enqueuer: TestExecutor.Enqueuer.sending(job),
      sending: TaskStarts.note(task))
    let context = TestContext.current
    // The test its task is known to belong to, the test whose work sends the job, or the
    // test under a process scope whose task sends it from anywhere else.
    let known = TestTasks.owner(of: task)
    if let known, known.takeGlobalJob(sent, enqueuedFrom: context?.place(on: known)) { return }
    if let executor = context?.executor.takeUnretainedValue(), executor !== known,
      executor.takeGlobalJob(sent, enqueuedFrom: context?.place)
    {
      return
    }
    // Its task may run on a thread no test runs on, or on another test's (an actor both use).
    if let enqueuer = sent.enqueuer,
      let executor = ProcessScopeRegistry.owner(of: enqueuer), executor !== known,
      !(context?.isOn(executor) ?? false), executor.takeGlobalJob(sent, enqueuedFrom: nil)
    {
      return
    }
    GlobalEnqueueHook.passOn(job, original: original)
  }

#endif
