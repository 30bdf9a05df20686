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
/// - Parameters:
///   - scope: `.taskTree` (the default) settles the test's task tree; `.process` also takes
///     every task the test's code starts, however it starts it (Linux with Swift 6.3 or later;
///     elsewhere the call stops the process, naming the reason). See ``TestClock/Scope``.
///   - advancing: `.manual` (the default) moves time only when the test says so;
///     `.automatic` also moves it to the earliest deadline whenever everything waits.
///   - isolation: the caller's actor. Before Swift 6.3 (or off Linux), a caller on the main
///     actor (a `@MainActor` test) makes settling wait for the main actor from the start.
///   - progressTimeout: the progress guard. When, for this long on the wall clock, no job of the
///     test's work started, time did not move and the main actor did not answer, the guard
///     prints what is pending and stops the process: a test that names its cause beats a
///     hang. (The testing library's `.testClock` trait records an issue and cancels the body
///     instead.)
///   - fileID: where the call is, named by the guard's message: the process stops from a thread
///     of its own, so the crash report alone does not name the test.
///   - line: the line of the call.
///   - body: the test, given the clock; its result is returned and its error rethrown.
public func withTestClock<R, E: Error>(
  scope: TestClock.Scope = .taskTree,
  advancing: TestClock.Advancing = .manual, progressTimeout: Duration = .seconds(30),
  fileID: StaticString = #fileID, line: UInt = #line,
  isolation: isolated (any Actor)? = #isolation,
  _ body: sending (TestClock) async throws(E) -> sending R
) async throws(E) -> sending R {
  checkProgressTimeout(progressTimeout, in: "withTestClock")
  let caller = "\(fileID):\(line)"
  if scope == .process, let reason = TestClock.processScopeUnavailability {
    fatalError(
      "withTestClock(scope: .process) at \(caller): the process scope cannot work: \(reason).")
  }
  // A `@MainActor` test is main-actor work in play even before any of it reaches the clock.
  return try await runTestClock(
    scope: scope, advancing: advancing, progressTimeout: progressTimeout, caller: caller,
    startsOnMainActor: isolation === MainActor.shared, body)
}

private func runTestClock<R, E: Error>(
  scope: TestClock.Scope, advancing: TestClock.Advancing, progressTimeout: Duration,
  caller: String, startsOnMainActor: Bool,
  _ body: sending (TestClock) async throws(E) -> sending R
) async throws(E) -> sending R {
  let clock = TestClock(printing: .always, scope: scope)
  clock.setTestLocation(caller)
  if startsOnMainActor { clock.noteMainActorWork() }
  let session = TestClockSession(
    clock: clock, advancing: advancing, progressTimeout: progressTimeout,
    onFailure: { message in fatalError("withTestClock at \(caller): \(message)") })
  let outcome: Result<R, E>
  do throws(E) {
    outcome = .success(
      try await withTaskExecutorPreference(clock.bodyTaskExecutor) {
        () async throws(E) -> sending R in
        // Ends the test's work where the body returns, before the caller leaves the executor.
        defer { session.bodyEnded() }
        // `withValue` does not carry a typed error: the outcome comes back as a value.
        let outcome = await TestClock.$enclosing.withValue(clock) {
          () async -> sending Result<R, E> in
          do throws(E) { return .success(try await body(clock)) } catch { return .failure(error) }
        }
        // Leftovers are not checked here (a failure could only stop the process); background
        // tasks are cancelled as the body ends.
        return try outcome.get()
      })
  } catch {
    outcome = .failure(error)
  }
  await session.end()
  return try outcome.get()
}
