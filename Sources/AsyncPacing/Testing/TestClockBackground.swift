extension TestClock {
  /// Starts `operation` in the background of the test, for work meant to outlive the test's
  /// body, as Kotlin's `backgroundScope`: a repeating timer, a listener, a stream nobody
  /// finishes.
  ///
  /// The task runs on the test executor like the body's own tasks, and time moves for it as for
  /// them. When the body returns it is cancelled, the clock settles, and whatever it left is
  /// not the test's leftover work: the `.testClock` trait and `withCheckedTestClock` do not
  /// report it. An error it throws, other than a cancellation, is reported as an issue there
  /// (and printed by `withTestClock`).
  ///
  /// ```swift
  /// @Test(.testClock) func theBadgeRefreshesEveryMinute() async {
  ///   let clock = TestClock.current
  ///   clock.addBackgroundTask {
  ///     while !Task.isCancelled {
  ///       try await clock.sleep(for: .seconds(60))
  ///       await badge.refresh()
  ///     }
  ///   }
  ///   await clock.advance(by: .seconds(120))
  ///   #expect(await badge.refreshCount == 2)
  /// }  // the timer is cancelled here, not reported as left behind
  /// ```
  public func addBackgroundTask(_ operation: sending @escaping () async throws -> Void) {
    // The test executor, not the body's: its jobs are no progress of the body for auto-advance.
    let task = Task(executorPreference: testExecutor) { [weak self] in
      do {
        try await operation()
      } catch is CancellationError {
      } catch {
        self?.state.withLock { $0.background.failures.append("\(error)") }
      }
    }
    state.withLock { $0.background.tasks.append(task) }
  }

  /// The body returned: the background tasks are cancelled and the clock settles, so that what
  /// they leave is gone before the test's leftovers are counted. Returns what they threw.
  package func endBackgroundTasks() async -> [String] {
    let tasks = state.withLock { state in
      defer { state.background.tasks.removeAll() }
      return state.background.tasks
    }
    for task in tasks { task.cancel() }
    if !tasks.isEmpty { await settle() }
    return state.withLock { state in
      defer { state.background.failures.removeAll() }
      return state.background.failures
    }
  }
}

/// The tasks a test started in its background, and what they threw.
struct BackgroundWork {
  var tasks: [Task<Void, Never>] = []
  var failures: [String] = []
}
