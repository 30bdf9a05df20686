import AsyncPacing
import Testing

/// Runs `body` with a fresh ``TestClock``: what
/// ``withTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``
/// now does, every failure at the caller's line included.
///
/// ```swift
/// // was withCheckedTestClock:
/// await withTestClock(progressTimeout: .seconds(5)) { clock in
///   await clock.advance(by: .milliseconds(300))
/// }
/// ```
@available(*, deprecated, renamed: "withTestClock")
public func withCheckedTestClock<R, E: Error>(
  scope: TestClock.Scope = .taskTree,
  advancing: TestClock.Advancing = .manual, progressTimeout: Duration = .seconds(5),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, isolation: isolated (any Actor)? = #isolation,
  _ body: sending @escaping (TestClock) async throws(E) -> sending R
) async throws(E) -> sending R {
  try await TestClockDriver.run(
    scope: scope, advancing: advancing, progressTimeout: progressTimeout,
    location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
    api: "withCheckedTestClock", startsOnMainActor: isolation === MainActor.shared, body)
}

/// ``withCheckedTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``
/// with failures reported at `sourceLocation`: what
/// ``withTestClock(scope:advancing:progressTimeout:sourceLocation:isolation:_:)`` now does.
///
/// ```swift
/// await withTestClock(sourceLocation: sourceLocation) { clock in }
/// ```
@available(*, deprecated, renamed: "withTestClock")
public func withCheckedTestClock<R, E: Error>(
  scope: TestClock.Scope = .taskTree,
  advancing: TestClock.Advancing = .manual, progressTimeout: Duration = .seconds(5),
  sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation,
  _ body: sending @escaping (TestClock) async throws(E) -> sending R
) async throws(E) -> sending R {
  try await TestClockDriver.run(
    scope: scope, advancing: advancing, progressTimeout: progressTimeout,
    location: TestSourceLocation(sourceLocation), api: "withCheckedTestClock",
    startsOnMainActor: isolation === MainActor.shared, body)
}
