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
/// @Suite(.capturesIssues) struct MarbleIssueTests {
///   @Test func aBadDiagramIsNamed() async {
///     let issues = await recordedIssues { _ = Marble.parse("a-(") }
///     #expect(issues.map(\.message) == ["marble diagram \"a-(\": …"])
///   }
/// }
/// ```
public struct IssueCaptureTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  private static let handler = IssueHandlingTrait.compactMapIssues { issue in
    guard let collector = Collector.current else { return issue }
    collector.issues.withLock { $0.append(issue) }
    return nil
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

/// Where the issues of one ``recordedIssues(sourceLocation:isolation:_:)`` call go: every task
/// the call's body starts (but a detached one) inherits it.
private final class Collector: Sendable {
  @TaskLocal static var current: Collector?
  let issues = Mutex<[Issue]>([])
}

/// Runs `body` and returns, in order, the issues it recorded, instead of recording them for the
/// test. Needs the ``Testing/Trait/capturesIssues`` trait.
///
/// Issues recorded in an exit test's process come back to the test that started it, so a call
/// around `#expect(processExitsWith:)` takes them too.
public func recordedIssues(
  sourceLocation: SourceLocation = #_sourceLocation,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async rethrows -> [Issue] {
  let collector = Collector()
  guard requireTrait(sourceLocation) else { return [] }
  try await Collector.$current.withValue(collector) { try await body() }
  return collector.issues.withLock { $0 }
}

/// The synchronous form of ``recordedIssues(sourceLocation:isolation:_:)``.
public func recordedIssues(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) rethrows -> [Issue] {
  let collector = Collector()
  guard requireTrait(sourceLocation) else { return [] }
  try Collector.$current.withValue(collector) { try body() }
  return collector.issues.withLock { $0 }
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

extension Issue {
  /// The issue's comments, one per line: what the code that recorded it said.
  public var message: String { comments.map(\.rawValue).joined(separator: "\n") }
}
