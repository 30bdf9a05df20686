import AsyncPacing

extension TestClock {
  /// Starts `operation` in the background of the test, for work meant to outlive the test's
  /// body, as Kotlin's `backgroundScope`: a repeating timer, a listener, a stream nobody
  /// finishes.
  ///
  /// The task runs on the test executor and time moves for it as for the body's tasks, but its
  /// jobs are no progress of the body for automatic advancing's limit. When the body returns
  /// (or is cancelled) it is cancelled; the clock then settles and does not report what it left
  /// as the test's leftover work, but does report a background task still running after its
  /// cancellation. An error it throws, other than a cancellation, is one of the clock's
  /// ``diagnostics``, a failure of the test. It needs a clock made by `withTestClock` or the
  /// trait: on a `TestClock()`, it records a failure and runs `operation` unwatched.
  ///
  /// ```swift
  /// @Test(.testClock) func theBadgeRefreshesEveryMinute() async {
  ///   let clock = TestClock.current
  ///   clock.addBackgroundTask {
  ///     while true {
  ///       try await clock.sleep(for: .seconds(60))
  ///       await badge.refresh()
  ///     }
  ///   }
  ///   await clock.advance(by: .seconds(120))
  ///   let refreshes = await badge.refreshCount
  ///   #expect(refreshes == 2)
  /// }  // the timer is cancelled here, not reported as left behind
  /// ```
  public func addBackgroundTask(_ operation: sending @escaping () async throws -> Void) {
    guard let testExecutor else {
      let mistake =
        "TestClock.addBackgroundTask: this clock has no test executor (a `TestClock()`); use "
        + "the clock of withTestClock or the `.testClock` trait."
      TestReporters.recordMistake(mistake, goingOn: " The task runs unwatched.")
      Task { try? await operation() }
      return
    }
    let isOpen = state.withLock { state in
      state.background.running += 1
      return !state.background.isClosed
    }
    // The test executor, not the body's: its jobs are no progress of the body.
    let task = Task(executorPreference: testExecutor) { [weak self] in
      do {
        try await operation()
      } catch is CancellationError {
      } catch {
        self?.report("A background task of the test threw \(error)")
      }
      self?.state.withLock { $0.background.running -= 1 }
    }
    guard isOpen else {
      task.cancel()
      report("TestClock.addBackgroundTask after the test's body returned: the task was cancelled")
      return
    }
    state.withLock { $0.background.tasks.append(task) }
  }

  /// The body returned or was cancelled: the background tasks are cancelled, and no more start.
  package func cancelBackgroundTasks() {
    let tasks = state.withLock { state in
      state.background.isClosed = true
      defer { state.background.tasks.removeAll() }
      return state.background.tasks
    }
    for task in tasks { task.cancel() }
  }

  /// How many background tasks have not ended yet.
  package var runningBackgroundTasks: Int { state.withLock { $0.background.running } }
}

/// The tasks a test started in its background.
struct BackgroundWork {
  var tasks: [Task<Void, Never>] = []
  /// Started and not ended, cancelled or not.
  var running = 0
  /// The body has returned: a task started now is cancelled at once.
  var isClosed = false
}
