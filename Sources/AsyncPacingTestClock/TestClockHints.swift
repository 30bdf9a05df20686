import AsyncPacing

/// What a test clock tells a test about the cause of its trouble: each message names the cause
/// the clock has evidence for, and a fix that would fix it.
extension TestClock {
  /// The warning every test gets whose code started tasks its scope does not take: their work
  /// is not waited for, so an assertion about it may hold only because it has not run yet.
  package var escapedTasksWarning: String? {
    guard let started = testExecutor?.observed.escapedTaskStarts, started > 0 else { return nil }
    var lines = [
      """
      TestClock: the test's code started \(started) task(s) outside its task tree, which \
      advancing does not wait for and whose sleeps are not on this clock: an expectation about \
      their work may hold only because that work has not run yet.
      """
    ]
    if let realClocks = realClocksNamed {
      lines.append(
        """
        Some may be the tasks of what was made with an explicit real clock (\(realClocks)), \
        which keeps real time under every scope: pass the test's clock, or leave `clock:` out.
        """)
    }
    // The process scope is no fix where it cannot work (another library's hook came first).
    let processScope =
      Self.processScopeCanWork
      ? """
      use the process scope (`.testClock(scope: .process)` or \
      `withTestClock(scope: .process)`), which takes them; or\u{20}
      """ : ""
    lines.append(
      """
      For a plain `Task {}` or `Task.detached` the test's code starts: \(processScope)start \
      them with `Task(executorPreference: clock.taskExecutor)`, or make them child tasks \
      (`async let`, a task group).
      """)
    return lines.joined(separator: " ")
  }

  /// What was made with an explicit real clock inside this clock's scope, as a list.
  private var realClocksNamed: String? {
    let realClocks = state.withLock { $0.notes.realClockChoices }
    guard !realClocks.isEmpty else { return nil }
    return realClocks.prefix(3).joined(separator: ", ") + (realClocks.count > 3 ? ", …" : "")
  }

  /// The hint for a failing or stalled test, from the evidence the clock has: operators made
  /// with an explicit real clock, or time moved while no sleep ever reached the clock. `nil`
  /// when there is none, or when the escaped-tasks warning already names the cause.
  package var failureHint: String? {
    let (neverSlept, now) = state.withLock { ($0.nextSleeperID == 0, $0.now) }
    if let named = realClocksNamed {
      return """
        Made with an explicit real clock inside the test clock's scope: \(named). A real clock \
        passed as `clock:` keeps real time in a test, under every scope. Pass the test's clock \
        instead, or leave `clock:` out: the forms without it run on the test's clock.
        """
    }
    guard neverSlept, now > Instant(), escapedTasksWarning == nil else { return nil }
    let moved = "No sleep ever reached this TestClock, although the test moved it to \(now)"
    guard RuntimeHooks.isInstalled else {
      return """
        \(moved): was the code under test given this clock? Pass it as `clock:`, or use the \
        forms without `clock:`, which run on the test's clock. Here (no runtime hooks: Apple \
        platforms, Swift before 6.3) `Task.sleep` and a clock of the code's own stay real.
        """
    }
    if testExecutor?.scope == .process {
      return """
        \(moved). Under the process scope the clock takes every task the test's code starts, \
        with one documented limit: a real-clock sleep (`Task.sleep`, `ContinuousClock`) made \
        while isolated to an actor other than the main actor, as in a `Task {}` that an \
        actor's method starts, is real. Give that code this clock (as `clock:`, or \
        AsyncPacing's forms without `clock:`), or make the sleep in a `@concurrent` function. \
        A clock the code makes of its own (not a real one) is never this clock either.
        """
    }
    return """
      \(moved). The code under test times its work where this clock does not see it: a \
      real-clock sleep made while isolated to an actor other than the main actor, a Dispatch \
      queue or thread of its own, or a clock of its own that is not a real one. Give that code \
      this clock (as `clock:`, or AsyncPacing's forms without `clock:`).
      """
  }
}
