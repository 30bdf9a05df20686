/// One test's use of a clock: the progress guard and, with automatic advancing, the task that
/// moves time. `onFailure` gets the message of a stall or of auto-advance's limit, once.
package final class TestClockSession: Sendable {
  private let clock: TestClock
  private let watchdog: ProgressWatchdog
  private let advancer: Task<Void, Never>?

  package init(
    clock: TestClock, advancing: TestClock.Advancing, progressTimeout: Duration,
    onFailure: @escaping @Sendable (String) -> Void
  ) {
    self.clock = clock
    let failure = FailureOnce(onFailure)
    let watchdog = ProgressWatchdog(
      timeout: progressTimeout, mark: { clock.progressMark },
      onStall: { poolWait in
        failure.report(clock.stallReport(after: progressTimeout, poolWait: poolWait))
      })
    self.watchdog = watchdog
    if let limit = advancing.maxAdvancesWithoutProgress, let executor = clock.testExecutor {
      advancer = Task(executorPreference: executor) {
        await clock.autoAdvance(maxAdvancesWithoutProgress: limit) { message in
          failure.report(message)
        }
        // Auto-advance can be stuck in settling (a main actor that does not answer) when the
        // body ends: the guard watches until it has stopped.
        watchdog.stop()
      }
    } else {
      advancer = nil
    }
  }

  /// The body returned: the guard stops with auto-advance, or at once without it. Called where
  /// the body returns, so that a test task slow to collect the result (a busy cooperative pool)
  /// is no stall.
  package func bodyEnded() {
    clock.bodyReturned()
    if let advancer { advancer.cancel() } else { watchdog.stop() }
  }

  /// Ends the session; returns once auto-advance has stopped.
  package func end() async {
    bodyEnded()
    await advancer?.value
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
