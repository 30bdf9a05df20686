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
///     await clock.advance(by: .milliseconds(299))  // not quiet long enough: "Sw" is replaced
///     typing.yield("Swift")
///     await clock.advance(by: .milliseconds(300))  // quiet: "Swift" is searched
///     typing.finish()
///     #expect(await searched == ["Swift"])
///   }
/// }
/// ```
///
/// Work that leaves the executor is not settled: a plain `Task {}`, `Task.detached`,
/// `@MainActor` code and Dispatch callbacks run elsewhere. Create such tasks with
/// `Task(executorPreference:)`, or make them child tasks. The clock reports a sleep registered
/// from outside the executor in ``TestClock/diagnostics``.
public func withTestClock<R, E: Error>(
  _ body: sending (TestClock) async throws(E) -> sending R
) async throws(E) -> sending R {
  let executor = TestExecutor()
  let clock = TestClock(executor: executor)
  return try await withTaskExecutorPreference(executor) { () async throws(E) -> sending R in
    try await body(clock)
  }
}
