import Synchronization
import Testing

/// Issues that a test records on purpose, taken out of the run's output and handed back to the
/// test to check.
///
/// `withKnownIssue` would accept them too, but prints each one, so a passing run of the package's
/// tests would read as trouble. A suite or test with the ``Testing/Trait/capturesIssues`` trait
/// calls ``recordedIssues(sourceLocation:isolation:_:)`` around the code that fails on purpose
/// and checks the list it returns; any issue recorded outside that call still fails the test.
///
/// ```swift
/// @Suite(.capturesIssues) struct FeedTests {
///   @Test func readingTheClockIsAnIssue() {
///     let clock = UnimplementedClock(name: "Feed.clock")
///     let issues = recordedIssues { _ = clock.now }
///     #expect(issues.count == 1)
///     #expect(issues.first?.message.contains("\"Feed.clock\": now was read") == true)
///   }
/// }
/// ```
///
/// A test clock's warning of a real-clock sleep recovered with a doubt is dropped.
///
/// A test under the `.testClock` trait still gets the hints that the trait adds to a failing
/// test when its body has ended, outside the capture: a captured failure counts as one.
public struct IssueCaptureTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  private static let handler = IssueHandlingTrait.compactMapIssues { issue in
    if isLoadWarning(issue) { return nil }
    guard let collector = Collector.current, collector.take(issue) else { return issue }
    return nil
  }

  /// A test clock's warning that it recovered a real-clock sleep with a doubt, which a loaded
  /// machine can make in any test that sleeps on a real clock: dropped, so that the issues a
  /// test records on purpose are the same on every run and a passing run stays quiet. The
  /// tests that depend on such a sleep's duration read `TestClock.warnings` themselves.
  private static func isLoadWarning(_ issue: Issue) -> Bool {
    #if compiler(>=6.3)
      guard issue.severity == .warning else { return false }
    #endif
    return issue.message.contains("of the test were recovered with a doubt")
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await Self.$isInstalled.withValue(true) {
      try await Self.handler.provideScope(for: test, testCase: testCase, performing: function)
    }
  }

  @TaskLocal fileprivate static var isInstalled = false
}

extension Trait where Self == IssueCaptureTrait {
  /// Lets ``recordedIssues(sourceLocation:isolation:_:)`` in the tests it applies to take the
  /// issues their code records on purpose.
  public static var capturesIssues: Self { IssueCaptureTrait() }
}

/// Where the issues of one ``recordedIssues(sourceLocation:isolation:_:)`` call go while it
/// runs: every task its body starts but a detached one inherits it.
private final class Collector: Sendable {
  @TaskLocal static var current: Collector?

  private struct Taken {
    var issues: [Issue] = []
    var isOpen = true
  }

  private let taken = Mutex(Taken())

  /// Keeps `issue` unless the call has ended: a task that outlives it records for the test.
  func take(_ issue: Issue) -> Bool {
    taken.withLock { taken in
      guard taken.isOpen else { return false }
      taken.issues.append(issue)
      return true
    }
  }

  /// Ends the call and hands back what it took.
  func close() -> [Issue] {
    taken.withLock { taken in
      taken.isOpen = false
      return taken.issues
    }
  }
}

/// Runs `body` and returns, in order, the issues it recorded, instead of recording them for the
/// test. Needs the ``Testing/Trait/capturesIssues`` trait.
///
/// Issues recorded in an exit test's process come back to the test that started it, so a call
/// around `#expect(processExitsWith:)` takes them too. An issue recorded from a `Task.detached`,
/// or after the call returned, is recorded for the test as usual; so are the issues taken
/// before `body` threw, so that nothing is lost.
public func recordedIssues(
  sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async rethrows -> [Issue] {
  guard requireTrait(sourceLocation) else { return [] }
  let collector = Collector()
  do {
    try await Collector.$current.withValue(collector) { try await body() }
  } catch {
    recordAgain(collector.close(), sourceLocation: sourceLocation)
    throw error
  }
  return collector.close()
}

/// The synchronous form of ``recordedIssues(sourceLocation:isolation:_:)``.
public func recordedIssues(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) rethrows -> [Issue] {
  guard requireTrait(sourceLocation) else { return [] }
  let collector = Collector()
  do {
    try Collector.$current.withValue(collector) { try body() }
  } catch {
    recordAgain(collector.close(), sourceLocation: sourceLocation)
    throw error
  }
  return collector.close()
}

/// Runs `body`, expecting exactly as many issues as `fragments`, in order, each containing its
/// fragment. Needs the ``Testing/Trait/capturesIssues`` trait.
public func expectIssues(
  _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async {
  let messages = await recordedIssues(sourceLocation: sourceLocation, body).map(\.message)
  #expect(messages.count == fragments.count, "\(messages)", sourceLocation: sourceLocation)
  for (message, fragment) in zip(messages, fragments) {
    #expect(message.contains(fragment), "\(message)", sourceLocation: sourceLocation)
  }
}

private func requireTrait(_ sourceLocation: SourceLocation) -> Bool {
  if IssueCaptureTrait.isInstalled { return true }
  Issue.record(
    "recordedIssues needs the .capturesIssues trait on this test or its suite",
    sourceLocation: sourceLocation)
  return false
}

private func recordAgain(_ issues: [Issue], sourceLocation: SourceLocation) {
  for issue in issues {
    Issue.record(
      Comment(rawValue: "\(issue)"), sourceLocation: issue.sourceLocation ?? sourceLocation)
  }
}

extension Issue {
  /// The issue's comments, one per line: what the code that recorded it said.
  public var message: String { comments.map(\.rawValue).joined(separator: "\n") }
}
