import AsyncPacing

/// Runs `body` with a fresh ``TestClock`` on a serial test executor of its own.
///
/// The body, its child tasks (`async let`, task groups) and every internal task that
/// AsyncPacing starts for the clock run on that executor, so ``TestClock/advance(by:)`` can
/// run everything that can run before it moves time. Each call has its own executor, so tests
/// using it can run in parallel.
///
/// ```swift
/// @Test func debouncedSearchWaitsForAPause() async {
///   await withTestClock { clock in
///     let (queries, typing) = AsyncStream.makeStream(of: String.self)
///     let searches = queries.debounce(for: .milliseconds(300), clock: clock)
///     async let searched = searches.reduce(into: []) { $0.append($1) }
///     typing.yield("S")
///     await clock.advance(by: .milliseconds(100))
///     typing.yield("Sw")
///     // not quiet long enough: "Sw" is replaced
///     await clock.advance(by: .milliseconds(299))
///     typing.yield("Swift")
///     // quiet: "Swift" is searched
///     await clock.advance(by: .milliseconds(300))
///     typing.finish()
///     let searchedQueries = await searched
///     #expect(searchedQueries == ["Swift"])
///   }
/// }
/// ```
///
/// Main-actor code the test's work runs (a view model's methods, a `Task {}` they start) runs
/// on the main actor and is settled too: the clock counts the test's main-actor jobs (Swift 6.3
/// on Linux). Work that escapes is not settled: a plain `Task {}` started outside main-actor
/// code, `Task.detached` and Dispatch callbacks run elsewhere, unless `scope` is `.process`.
/// Create such tasks with `Task(executorPreference:)`, or make them child tasks. The clock
/// reports a sleep registered from such work in ``TestClock/diagnostics``.
///
/// Every way the test can go wrong fails it at the caller's line: a Swift Testing issue in a
/// Swift Testing test, an XCTest failure in an XCTest test (with `AsyncPacingTesting` linked, as
/// every test target that depends on it is); in a process that is no test run, the message is
/// printed and the process stops.
///
/// - When the test makes no progress for `progressTimeout` (no job ran on the test executor,
///   time did not move, the main actor did not answer), the failure names what is pending and
///   the body is cancelled; a body that ignores the cancellation for another
///   `progressTimeout`, or a clock that cannot end in that time after the body returned,
///   stops the process with the same message and says which.
/// - Auto-advance's limit ends the test the same way.
/// - When the body returns, auto-advance stops, the tasks started with
///   ``TestClock/addBackgroundTask(_:)`` are cancelled and the clock settles; the work the body
///   left (sleepers still pending, internal tasks of operators and pacers still alive) is one
///   failure naming it, and so is each error a background task threw.
/// - Each of the clock's ``TestClock/diagnostics`` is a failure at the end, and not printed;
///   one that comes after (a sleep from a task the test did not wait for) is printed.
/// - When the test's code started tasks its scope does not take (a plain `Task {}`, a
///   `Task.detached`), a warning counts them, whether the test passed or failed (Swift 6.3 on
///   Linux). When the test failed, a warning names the cause the clock has evidence for: an
///   explicit real clock, or time moved while no sleep reached the clock.
///
/// - Parameters:
///   - scope: `.taskTree` (the default) settles the test's task tree; `.process` also takes
///     every task the test's code starts, however it starts it (Linux with Swift 6.3 or later;
///     elsewhere the test fails, naming the reason, and runs on its task tree). See
///     ``TestClock/Scope``.
///   - advancing: `.manual` (the default) moves time only when the test says so;
///     `.automatic` also moves it to the earliest deadline whenever everything waits.
///   - isolation: the caller's actor. Before Swift 6.3 (or off Linux), a caller on the main
///     actor (a `@MainActor` test) makes settling wait for the main actor from the start.
///   - progressTimeout: the progress guard. When, for this long on the wall clock, no job of the
///     test's work started, time did not move and the main actor did not answer, the test
///     fails naming what is pending, and the body is cancelled: a test that names its cause
///     beats a hang.
///   - fileID: where the call is, as Swift Testing names it.
///   - filePath: where the call is, as XCTest takes it.
///   - line: the line of the call.
///   - column: the column of the call.
///   - body: the test, given the clock; its result is returned and its error rethrown. It runs
///     in a child task of the call, which ends before the call returns.
public func withTestClock<R, E: Error>(
  scope: TestClock.Scope = .taskTree,
  advancing: TestClock.Advancing = .manual, progressTimeout: Duration = .seconds(5),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, isolation: isolated (any Actor)? = #isolation,
  _ body: sending (TestClock) async throws(E) -> sending R
) async throws(E) -> sending R {
  try await TestClockDriver.run(
    scope: scope, advancing: advancing, progressTimeout: progressTimeout,
    location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
    api: "withTestClock", startsOnMainActor: isolation === MainActor.shared, body)
}

extension TestClockDriver {
  /// The arguments a test clock's scope runs with: a mistaken one fails the test, naming it,
  /// and the default stands in, so that the test runs to its end.
  static func checked(
    progressTimeout: Duration, advancing: TestClock.Advancing, in api: String,
    report: (String) -> Void
  ) -> (progressTimeout: Duration, advancing: TestClock.Advancing) {
    var progressTimeout = progressTimeout
    var advancing = advancing
    if progressTimeout <= .zero {
      report(
        "\(api): `progressTimeout` must be greater than zero, got \(progressTimeout); the "
          + "default, 5 seconds, stands in.")
      progressTimeout = .seconds(5)
    }
    if let bound = advancing.maxAdvancesWithoutProgress, bound <= 0 {
      report(
        "\(api): `maxAdvancesWithoutProgress` must be greater than zero, got \(bound); the "
          + "default, 10000, stands in.")
      advancing = .automatic
    }
    return (progressTimeout, advancing)
  }
}
