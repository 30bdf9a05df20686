import AsyncPacing
import Testing

/// Runs a test, or each test of a suite, on a fresh ``TestClock`` with the
/// progress guard on, as ``withTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``
/// does; the body reaches the clock as ``TestClock/current``.
///
/// ```swift
/// @Suite(.testClock) struct SearchTests {
///   @Test func searchesAfterAPause() async {
///     let clock = TestClock.current
///     let search = Debouncer(for: .milliseconds(300), clock: clock) {
///       (q: String) in
///     }
///     search("Swift")
///     await clock.advance(by: .milliseconds(300))
///   }
///
///   @Test(.testClock(advancing: .automatic))
///   func searchesWithoutAdvancing() async {}
/// }
/// ```
///
/// Issues are recorded at the test's declaration. Each test case of a parameterized test gets
/// its own clock. When a suite and a test both carry the trait, the test's wins.
public struct TestClockTrait: TestTrait, SuiteTrait, TestScoping {
  /// Who moves time.
  ///
  /// ```swift
  /// #expect(
  ///   TestClockTrait.testClock(advancing: .automatic).advancing == .automatic)
  /// ```
  public var advancing: TestClock.Advancing {
    didSet { identity = Identity() }
  }
  /// Which of the test's work the clock sees: its task tree, or every task its code starts.
  ///
  /// ```swift
  /// #expect(TestClockTrait.testClock(scope: .process).scope == .process)
  /// ```
  public var scope: TestClock.Scope {
    didSet { identity = Identity() }
  }
  /// How long, on the wall clock, the test may make no progress before it fails.
  ///
  /// ```swift
  /// #expect(TestClockTrait.testClock.progressTimeout == .seconds(5))
  /// ```
  public var progressTimeout: Duration {
    didSet { identity = Identity() }
  }
  /// Which of several equal traits this is: copies of one trait share it, and a changed copy is
  /// a trait of its own. (One value stored and put on both a suite and its test is one trait
  /// twice: the inner scope then steps aside.)
  private var identity = Identity()

  fileprivate init(
    scope: TestClock.Scope, advancing: TestClock.Advancing, progressTimeout: Duration
  ) {
    self.scope = scope
    self.advancing = advancing
    self.progressTimeout = progressTimeout
  }

  /// Always `true`: the trait on a suite reaches the tests of its nested suites.
  ///
  /// ```swift
  /// @Suite(.testClock) struct Outer {
  ///   @Suite struct Inner {
  ///     @Test func hasAClock() { _ = TestClock.current }
  ///   }
  /// }
  /// ```
  public var isRecursive: Bool { true }

  /// A scope for each test case, from the clock trait nearest the test: a test's own trait
  /// wins over its suite's, which Swift Testing lists first. None for a suite itself, which
  /// gets no clock. Swift Testing calls it; tests do not.
  ///
  /// ```swift
  /// @Test(.testClock, arguments: [1, 2])
  /// func eachCaseHasItsOwnClock(step: Int) {
  ///   #expect(TestClock.current.now == TestClock.Instant())
  /// }
  /// ```
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    guard testCase != nil,
      let nearest = test.traits.last(where: { $0 is TestClockTrait }) as? TestClockTrait,
      nearest.identity === identity
    else { return nil }
    return self
  }

  /// Runs `function` on a fresh clock. Swift Testing calls it around each test case.
  ///
  /// ```swift
  /// @Suite(.testClock) struct Screens {
  ///   @Test(.testClock(advancing: .automatic)) func thisTestsTraitWins() async {
  ///   }
  /// }
  /// ```
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // One trait value put on both a suite and its test is one trait twice: the inner scope
    // steps aside, so the test still gets one clock.
    guard !Self.isProvidingClock else { return try await function() }
    try await Self.$isProvidingClock.withValue(true) {
      try await TestClockDriver.run(
        scope: scope, advancing: advancing, progressTimeout: progressTimeout,
        location: TestSourceLocation(test.sourceLocation), api: "testClock",
        startsOnMainActor: false
      ) { _ throws in try await function() }
    }
  }

  /// Whether a clock trait's scope is open around the running test case.
  @TaskLocal private static var isProvidingClock = false

  private final class Identity: Sendable {}
}

extension Trait where Self == TestClockTrait {
  /// A fresh ``TestClock`` for the test, advanced by hand, with a 5-second
  /// progress guard.
  ///
  /// ```swift
  /// @Test(.testClock) func savesAfterASecond() async {
  ///   await TestClock.current.advance(by: .seconds(1))
  /// }
  /// ```
  public static var testClock: Self { .testClock() }

  /// A fresh ``TestClock`` for the test, seeing the work `scope` says, advanced as
  /// `advancing` says, with a progress guard of `progressTimeout`.
  ///
  /// ```swift
  /// @Test(.testClock(advancing: .automatic, progressTimeout: .seconds(10)))
  /// func finishes() async {
  ///   try? await TestClock.current.sleep(for: .seconds(60))
  /// }
  /// ```
  ///
  /// `scope: .process` also takes every task the test's code starts, however it starts it
  /// (see `TestClock.Scope`); where it cannot work, an issue names the reason.
  public static func testClock(
    scope: TestClock.Scope = .taskTree,
    advancing: TestClock.Advancing = .manual, progressTimeout: Duration = .seconds(5)
  ) -> Self {
    // Checked when a test runs with it: a trait is made before any test runs.
    return Self(scope: scope, advancing: advancing, progressTimeout: progressTimeout)
  }
}
