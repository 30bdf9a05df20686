import AsyncPacing

/// One test's use of a clock: the progress guard and, with automatic advancing, the task that
/// moves time. `onFailure` gets the message of a stall or of auto-advance's limit, once.
package final class TestClockSession: Sendable {
  private let clock: TestClock
  private let watchdog: ProgressWatchdog
  private let advancer: Task<Void, Never>?
  private let holds: GuardHolds
  private let failure: FailureOnce
  private let progressTimeout: Duration

  package init(
    clock: TestClock, advancing: TestClock.Advancing, progressTimeout: Duration,
    onFailure: @escaping @Sendable (String) -> Void
  ) {
    self.clock = clock
    self.progressTimeout = progressTimeout
    let failure = FailureOnce(onFailure)
    self.failure = failure
    let watchdog = ProgressWatchdog(
      timeout: progressTimeout, mark: { clock.progressMark },
      onStall: { poolWait in
        failure.report(clock.stallReport(after: progressTimeout, poolWait: poolWait))
      })
    self.watchdog = watchdog
    if let limit = advancing.maxAdvancesWithoutProgress, let executor = clock.testExecutor {
      let holds = GuardHolds([.body, .autoAdvance], watchdog: watchdog)
      self.holds = holds
      advancer = Task(executorPreference: executor) {
        await clock.autoAdvance(maxAdvancesWithoutProgress: limit) { message in
          failure.report(message)
        }
        holds.release(.autoAdvance)
      }
    } else {
      holds = GuardHolds([.body], watchdog: watchdog)
      advancer = nil
    }
  }

  /// The body returned: auto-advance stops, and the guard stops once it has. Called where the
  /// body returns, so that a test task slow to collect the result (a busy cooperative pool) is
  /// no stall.
  package func bodyEnded() {
    clock.cancelBackgroundTasks()
    clock.bodyReturned()
    advancer?.cancel()
    holds.release(.body)
  }

  /// The body returned, and what it left is to be checked: auto-advance stops first (it must
  /// not move time for leftovers), the background tasks are cancelled, and the clock settles,
  /// all under the guard; then the body has ended. Returns the report of what is left, if any.
  ///
  /// Settling now has a bound that progress does not reset: a background task that ignores its
  /// cancellation (a `try?` sleep in a loop) would otherwise keep the executor busy for ever.
  package func endBodyReportingLeftovers() async -> String? {
    advancer?.cancel()
    await advancer?.value
    clock.cancelBackgroundTasks()
    let isSettled = LockedState(false)
    WallClock.after(progressTimeout) { [clock, failure, progressTimeout] in
      guard !isSettled.withLock({ $0 }) else { return }
      failure.report(
        """
        TestClock: after the test's body returned, its work did not settle within \
        \(progressTimeout) of wall-clock time, with \(clock.runningBackgroundTasks) background \
        task(s) still running: a task that ignores its cancellation (a `try?` sleep in a loop) \
        or work that never ends. Check `Task.isCancelled` in background loops.
        """)
    }
    await clock.settle()
    isSettled.withLock { $0 = true }
    let report = clock.leftoverReport()
    bodyEnded()
    return report
  }

  /// Ends the session; returns once auto-advance has stopped. Real-clock sleeps still pending
  /// go back to real time.
  package func end() async {
    bodyEnded()
    await advancer?.value
    clock.releasePendingRealSleeps()
  }
}

/// Who keeps the guard watching: the body until it has ended, and auto-advance until it has
/// stopped, since it can be stuck in settling (a main actor that does not answer) after the body
/// ended. The guard stops when the last lets go.
private final class GuardHolds: Sendable {
  enum Holder: Hashable, Sendable {
    case body
    case autoAdvance
  }

  private let remaining: LockedState<Set<Holder>>
  private let watchdog: ProgressWatchdog

  init(_ holders: Set<Holder>, watchdog: ProgressWatchdog) {
    remaining = LockedState(holders)
    self.watchdog = watchdog
  }

  func release(_ holder: Holder) {
    let isLast = remaining.withLock { $0.remove(holder) != nil && $0.isEmpty }
    if isLast { watchdog.stop() }
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
