/// One test's use of a clock: the progress guard and, with automatic advancing, the task that
/// moves time. `onFailure` gets the message of a stall or of auto-advance's limit, once.
package final class TestClockSession: Sendable {
  private let watchdog: ProgressWatchdog
  private let advancer: Task<Void, Never>?

  package init(
    clock: TestClock, advancing: TestClock.Advancing, progressTimeout: Duration,
    onFailure: @escaping @Sendable (String) -> Void
  ) {
    let failure = FailureOnce(onFailure)
    watchdog = ProgressWatchdog(
      timeout: progressTimeout, mark: { clock.progressMark },
      onStall: { failure.report(clock.stallReport(after: progressTimeout)) })
    if let limit = advancing.maxAdvancesWithoutProgress, let executor = clock.testExecutor {
      advancer = Task(executorPreference: executor) {
        await clock.advanceAutomatically(maxAdvancesWithoutProgress: limit) { message in
          failure.report(message)
        }
      }
    } else {
      advancer = nil
    }
  }

  /// Stops auto-advance, then the guard: auto-advance can be stuck in settling (a main actor
  /// that does not answer), and the guard must still name that.
  package func end() async {
    advancer?.cancel()
    await advancer?.value
    watchdog.stop()
  }
}

/// Passes on the first failure only: a stall and auto-advance's limit can both happen.
private final class FailureOnce: Sendable {
  private let hasReported = LockedState(false)
  private let onFailure: @Sendable (String) -> Void

  init(_ onFailure: @escaping @Sendable (String) -> Void) {
    self.onFailure = onFailure
  }

  func report(_ message: String) {
    let isFirst = hasReported.withLock { hasReported in
      defer { hasReported = true }
      return !hasReported
    }
    if isFirst { onFailure(message) }
  }
}

extension TestClock {
  /// The executor the test body and its child tasks should prefer.
  package var bodyTaskExecutor: (any TaskExecutor)? { bodyExecutor }
}

/// Checks a progress timeout argument, naming it.
package func checkProgressTimeout(_ progressTimeout: Duration, in function: String) {
  guard progressTimeout > .zero else {
    fatalError("\(function): progressTimeout must be greater than zero, got \(progressTimeout)")
  }
}
