import AsyncPacing

/// How a test clock names work that uses it from outside the test's exact places.
extension TestClock {
  /// Where the calling code runs, as far as this clock's settling is concerned.
  enum WorkOrigin {
    /// On the test executor, or, where the runtime's hooks observe it, the test's main-actor
    /// work (and always for a clock in manual mode, which settles nothing).
    case exact
    /// Anywhere else while the test runs: an unstructured task, another thread.
    case escaped
    /// Outside the test executor after the test's body returned.
    case afterTheTest(location: String)
  }

  func origin() -> WorkOrigin {
    guard let testExecutor else { return .exact }
    let isExact = RuntimeHooks.isInstalled ? testExecutor.isExactContext : testExecutor.isCurrent
    if isExact { return .exact }
    if !testExecutor.isObserving, let location = state.withLock({ $0.testLocation }) {
      return .afterTheTest(location: location)
    }
    return .escaped
  }

  /// Names where the test runs, for what reaches the clock after its body returned.
  package func setTestLocation(_ location: String) {
    state.withLock { $0.testLocation = location }
  }

  /// The body returned: from now on, work that reaches the clock from elsewhere is reported
  /// as coming after the test.
  func bodyReturned() {
    testExecutor?.stopObserving()
  }

  /// Reports a sleep from `origin`, unless it is exact.
  func reportSleep(from origin: WorkOrigin) {
    switch origin {
    case .exact:
      return
    case .escaped:
      report(RuntimeHooks.isInstalled ? Self.escapedSleepMessage : Self.offExecutorSleepMessage)
    case .afterTheTest(let location):
      // Nobody can record an issue for a test that has ended: the message is printed, naming
      // the test, and kept in `diagnostics` for whoever still holds the clock.
      let message = """
        TestClock: a sleep reached the clock of the test at \(location) after its body had \
        returned, from a task outside the test executor; nothing will advance it. Likely \
        cause: a plain `Task {}` or `Task.detached` that the test started and did not wait \
        for. Start it with `Task(executorPreference: clock.taskExecutor)`, or make it a child \
        task, and wait for it before the test returns.
        """
      let printsNow = state.withLock { state in
        guard !state.diagnostics.contains(message) else { return false }
        state.diagnostics.append(message)
        return state.printing == .always
      }
      if printsNow { print("AsyncPacing diagnostic: \(message)") }
    }
  }

  static let escapedSleepMessage = """
    TestClock: a sleep was registered outside the test executor and the main actor, so \
    advancing cannot know when the sleeper's work has finished: the sleeping code runs in a \
    `Task.detached`, or a plain `Task {}` started outside main-actor code, in a child of such a \
    task, or on a thread of its own. Start it with `Task(executorPreference: \
    clock.taskExecutor)`, or make it a child task of the test (`async let`, a task group); for \
    code you cannot change, use the process scope (`.testClock(scope: .process)`).
    """

  static let offExecutorSleepMessage = """
    TestClock: a sleep was registered outside the test executor, so \
    advancing cannot know when the sleeper's work has finished. Likely causes: the sleeping \
    code runs in a plain `Task {}` or `Task.detached` (create it with \
    `Task(executorPreference:)` or make it a child task), or it is `@MainActor` code.
    """

  static var escapedUseMessage: String {
    """
    TestClock: a sequence operator timed by this clock is iterated outside the test executor \
    and the main actor, so advancing cannot know when its consumer has taken what it emits: \
    the loop runs in a `Task.detached`, or a plain `Task {}` started outside main-actor code, in \
    a child of such a task, or on a thread of its own. Iterate it in the test's own tasks \
    (the body, `async let`, a task group), or start the task with \
    `Task(executorPreference: clock.taskExecutor)`\(processScopeAdvice).
    """
  }

  /// The process scope, offered for code the test cannot change only where it can work.
  static var processScopeAdvice: String {
    guard processScopeCanWork else { return "" }
    return "; for code you cannot change, use the process scope (`.testClock(scope: .process)`)"
  }
}

/// Which of a clock's diagnostics are printed as well as kept in `diagnostics`.
package enum DiagnosticsPrinting: Sendable {
  /// Every one: nothing records them as issues (a bare `TestClock()`).
  case always
  /// None while the test can still record them as issues, every one after: the one lifecycle
  /// (`TestClockDriver`) takes them with `takeReportsToRecord()`, and what comes later (a
  /// sleep from a task the test did not wait for) is printed.
  case onceRecorded
  /// None: a test of the package that makes them on purpose checks `diagnostics` instead.
  case never
}

extension TestClock {
  /// Stops printing this clock's diagnostics, for a test that makes them on purpose.
  package func stopPrintingDiagnostics() {
    state.withLock { $0.printing = .never }
  }

  /// The diagnostics and warnings so far, for the caller to record as issues; from now on
  /// each new one is printed, unless printing was stopped: none falls between the two.
  package func takeReportsToRecord() -> (diagnostics: [String], warnings: [String]) {
    state.withLock { state in
      if state.printing == .onceRecorded { state.printing = .always }
      return (state.diagnostics, state.inexactSleeps.map(\.message))
    }
  }
}
