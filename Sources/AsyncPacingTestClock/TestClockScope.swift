import AsyncPacing

extension TestClock {
  /// Which work of a test the clock sees: what runs on its test executor, for settling,
  /// advancing, auto-advance, the progress guard and the leftover check.
  ///
  /// ```swift
  /// @Test(.testClock(scope: .process))
  /// func aHandRolledDebouncerSavesOnce() async {
  ///   // keeps a `Task { try await Task.sleep(…) }`
  ///   let saver = HandRolledSaver()
  ///   saver.textChanged("a")
  ///   await TestClock.current.advance(by: .seconds(1))
  ///   #expect(saver.saves == ["a"])
  /// }
  /// ```
  public enum Scope: Sendable, Hashable {
    /// The test's task tree, the default: the body, its child tasks (`async let`, task
    /// groups), tasks started with `Task(executorPreference: clock.taskExecutor)`, the internal
    /// tasks of AsyncPacing's operators and pacers, and the main-actor work these reach.
    ///
    /// What it does not cover: a plain `Task {}` started outside main-actor code, a
    /// `Task.detached`, and their sleeps, which stay real. Every test whose code starts such a
    /// task gets a warning at its end counting them (Linux, Swift 6.3: elsewhere such a start goes
    /// undetected, and only a sleep on this clock from it is reported). Also outside: Dispatch
    /// callbacks, threads of their own, and a real-clock sleep made while isolated to an actor
    /// other than the main actor.
    case taskTree
    /// The task tree and every task the test's code starts while the body runs, however it
    /// starts it: a plain `Task {}`, a `Task.detached`, their own tasks, and their
    /// sleeps, on this clock and on the real clocks alike. For code nobody here wrote (another
    /// library's operator that iterates in a `Task {}` of its own, a hand-rolled debouncer
    /// keeping a `Task`), tested as it is.
    ///
    /// It works through the Swift runtime's global enqueue hook, on Linux with Swift 6.3 or
    /// later; elsewhere it fails the test, naming the reason. Main-actor work stays on the
    /// main thread, in order: it is counted and settled, never moved. Work started from a
    /// thread the test's tasks do not run on (a Dispatch callback) is not the test's, nor is a
    /// task the test's code only resumes (another test's task waiting on a continuation), so
    /// tests in parallel stay independent. Inside it, a nested task-tree clock's plain
    /// `Task {}` is this scope's.
    ///
    /// Its limits: a real-clock sleep (`Task.sleep`, `ContinuousClock`) made while isolated to
    /// an actor other than the main actor, as in a `Task {}` an actor's method starts, is real;
    /// an operator or pacer given an explicit `ContinuousClock` keeps real time; a task made
    /// before the body began is not the test's. A failing test whose clock no sleep reached is
    /// told which applies.
    case process
  }

  /// Whether the process scope can work here: the only scope a message may offer as a fix.
  static var processScopeCanWork: Bool { processScopeUnavailability == nil }

  /// Why the process scope cannot work in this process, or `nil` when it can.
  package static var processScopeUnavailability: String? {
    #if compiler(>=6.3) && canImport(Glibc)
      if RuntimeHooks.isInstalled { return nil }
      guard GlobalEnqueueHook.isFound else {
        return "this Swift runtime has no `swift_task_enqueueGlobal_hook`"
      }
      return """
        another library installed the Swift runtime's main-executor hook \
        (`swift_task_getMainExecutor_hook`) before AsyncPacing could
        """
    #else
      return """
        it needs the Swift runtime's enqueue hooks, which AsyncPacing uses on Linux with \
        Swift 6.3 or later only
        """
    #endif
  }
}
