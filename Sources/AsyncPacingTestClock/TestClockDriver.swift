import AsyncPacing

/// The one lifecycle of every test clock: `withTestClock`, the testing library's `.testClock`
/// trait and its deprecated `withCheckedTestClock` all run a test here.
///
/// It ends a test as Kotlin's `runTest` does: the body returns; auto-advance stops, background
/// work is cancelled and the clock settles, all under the progress guard; what the body left
/// is checked; every failure goes to the one reporter, at the caller's line. A stall records an
/// issue and cancels the body, which runs in a child task so that the guard can cancel it alone;
/// the call returns only after that task ends.
package enum TestClockDriver {
  ///
  /// `startsOnMainActor`: the caller is `@MainActor` code, whose test is main-actor work in play
  /// even before any of it reaches the clock. `reporter`: the process's, unless a test of the
  /// package's own stands in another.
  package static func run<R, E: Error>(
    scope: TestClock.Scope, advancing: TestClock.Advancing, progressTimeout: Duration,
    location: TestSourceLocation, api: String, startsOnMainActor: Bool,
    reporter: any TestReporting = TestReporters.current,
    _ body: sending (TestClock) async throws(E) -> sending R
  ) async throws(E) -> sending R {
    // The body runs in a child task that ends before this call returns.
    try await withoutActuallyEscaping(body) { body async throws(E) -> sending R in
      // Safe: `body` is `sending`, so the caller keeps no access to it, and it moves into the one
      // child task that runs it, once; the region checker cannot see that the closure
      // `withoutActuallyEscaping` gives is that same `sending` value.
      nonisolated(unsafe) let escapingBody = body
      return try await run(
        scope: scope, advancing: advancing, progressTimeout: progressTimeout, location: location,
        api: api, startsOnMainActor: startsOnMainActor, reporter: reporter,
        escaping: escapingBody)
    }
  }

  private static func run<R, E: Error>(
    scope: TestClock.Scope, advancing: TestClock.Advancing, progressTimeout: Duration,
    location: TestSourceLocation, api: String, startsOnMainActor: Bool,
    reporter: any TestReporting,
    escaping body: sending @escaping (TestClock) async throws(E) -> sending R
  ) async throws(E) -> sending R {
    let (progressTimeout, advancing) = checked(
      progressTimeout: progressTimeout, advancing: advancing, in: api
    ) { reporter.record($0, at: location, as: .failure) }
    var scope = scope
    if scope == .process, let reason = TestClock.processScopeUnavailability {
      // The body still runs, on the task tree, so that the result exists: the test has failed.
      reporter.record(
        "\(api)(scope: .process): the process scope cannot work: \(reason).", at: location,
        as: .failure)
      scope = .taskTree
    }
    let handOver = HandOver(body)
    let outcome = ResultSlot<Result<R, E>>()
    let stall = StallSignal()
    let clock = TestClock(printing: .onceRecorded, scope: scope)
    let failed = await reporter.runObservingFailures(isolation: nil) {
      await runGuarded(
        clock, advancing: advancing, progressTimeout: progressTimeout, location: location,
        startsOnMainActor: startsOnMainActor, stall: stall, reporter: reporter, body: handOver,
        outcome: outcome)
    }
    // The stall's own report names the hint already.
    if failed, !stall.hasFired, let hint = clock.failureHint {
      reporter.record(hint, at: location, as: .warning)
    }
    guard let result = outcome.take() else {
      fatalError("\(api): the body ended without an outcome")
    }
    return try result.get()
  }

  private enum GuardedEvent: Sendable {
    case bodyEnded
    case stalled(String?)
  }

  private static func runGuarded<R, E: Error>(
    _ clock: TestClock, advancing: TestClock.Advancing, progressTimeout: Duration,
    location: TestSourceLocation, startsOnMainActor: Bool, stall: StallSignal,
    reporter: any TestReporting,
    body: HandOver<(TestClock) async throws(E) -> sending R>, outcome: ResultSlot<Result<R, E>>
  ) async {
    clock.setTestLocation("\(location)")
    if startsOnMainActor { clock.mainActorWorkJoined() }
    let session = TestClockSession(
      clock: clock, advancing: advancing, progressTimeout: progressTimeout,
      onFailure: { stall.fire($0) })
    await withTaskGroup(of: GuardedEvent.self) { group in
      group.addTask(executorPreference: clock.bodyTaskExecutor) {
        guard let body = body.take() else {
          preconditionFailure("a test clock's body was handed over twice")
        }
        clock.testExecutor?.bodyStarted()
        // The body has ended once it returns here, on the test executor: a test task waiting
        // for a busy cooperative pool to collect it must not count as ignoring cancellation.
        defer {
          session.bodyEnded()
          stall.bodyFinished()
        }
        // `withValue` does not carry a typed error: the result comes back as a value, and
        // moves to the caller through `outcome`, not as the child task's result, which would
        // have to be `Sendable`.
        let result = await PacingDefaults.$clock.withValue(clock) {
          () async -> sending Result<R, E> in
          do throws(E) {
            return .success(try await body(clock))
          } catch {
            return .failure(error)
          }
        }
        outcome.put(result)
        stall.bodyReturned()
        // A body cancelled by the guard (or with the test) has failed already.
        guard !Task.isCancelled else { return .bodyEnded }
        if let report = await session.endBodyReportingLeftovers() {
          reporter.record(report, at: location, as: .failure)
        }
        return .bodyEnded
      }
      group.addTask { .stalled(await stall.wait()) }
      while let event = await group.next() {
        switch event {
        case .bodyEnded, .stalled(nil):
          break
        case .stalled(let message?):
          reporter.record(message, at: location, as: .failure)
          group.cancelAll()
          stall.stopProcessUnlessBodyFinishes(within: progressTimeout, message: message)
        }
      }
    }
    await session.end()
    let (diagnostics, warnings) = clock.takeReportsToRecord()
    for diagnostic in diagnostics {
      reporter.record(diagnostic, at: location, as: .failure)
    }
    for warning in [TestClock.warningToRecord(warnings), clock.escapedTasksWarning] {
      if let warning { reporter.record(warning, at: location, as: .warning) }
    }
  }
}
