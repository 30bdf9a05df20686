import AsyncPacing
import Synchronization
import Testing

/// Runs `body` with a fresh ``/AsyncPacing/TestClock``, as `withTestClock` does, and turns
/// every way the test can go wrong into a failure at the caller's line: a Swift Testing issue,
/// or an XCTest failure in an XCTest test.
///
/// - When the test makes no progress for `progressTimeout` (no job ran on the test executor,
///   time did not move, the main actor did not answer), an issue names what is pending and
///   the body is cancelled; a body that ignores the cancellation for another
///   `progressTimeout`, or a clock that cannot end in that time after the body returned,
///   stops the process with the same message and says which.
/// - Auto-advance's limit ends the test the same way.
/// - When the body returns, auto-advance stops, the tasks started with
///   `TestClock.addBackgroundTask(_:)` are cancelled and the clock settles; the
///   work the body left (sleepers still pending, internal tasks of operators and pacers still
///   alive) is recorded as one issue naming it, and so is each error a background task threw.
/// - Each of the clock's `diagnostics` is recorded as a failure at the end, and not printed;
///   one that comes after (a sleep from a task the test did not wait for) is printed.
/// - When the test failed after moving time on a clock no sleep ever reached, a warning asks
///   whether the code under test was given the clock; when it failed after its code started
///   tasks that escaped the test executor, a warning names them.
///
/// ```swift
/// @Test func aDebouncedSearchRunsOnce() async {
///   await withCheckedTestClock(progressTimeout: .seconds(5)) { clock in
///     let search = Debouncer(for: .milliseconds(300), clock: clock) {
///       (q: String) in
///     }
///     search("Swift")
///     await clock.advance(by: .milliseconds(300))
///   }
/// }
/// ```
///
/// The `.testClock` trait does the same for a whole test or suite. `scope: .process` also
/// takes every task the test's code starts, however it starts it (see
/// `TestClock.Scope`); where it cannot work, an issue names the reason and the
/// body runs on the task tree.
///
/// It takes the body and the caller's isolation as `withTestClock` does: neither the body nor
/// its result need be `Sendable`, and a `@MainActor` caller makes settling wait for the main
/// actor from the start (before Swift 6.3, or off Linux). The body is `@escaping`: it runs in a
/// child task, so that the guard can cancel it alone, and the call returns only after that task
/// ends.
public func withCheckedTestClock<R, E: Error>(
  scope: TestClock.Scope = .taskTree,
  advancing: TestClock.Advancing = .manual, progressTimeout: Duration = .seconds(30),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, isolation: isolated (any Actor)? = #isolation,
  _ body: sending @escaping (TestClock) async throws(E) -> sending R
) async throws(E) -> sending R {
  try await withCheckedTestClock(
    scope: scope, advancing: advancing, progressTimeout: progressTimeout,
    location: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column),
    isolation: isolation, body)
}

func withCheckedTestClock<R, E: Error>(
  scope: TestClock.Scope, advancing: TestClock.Advancing, progressTimeout: Duration,
  location: CallerLocation, isolation: isolated (any Actor)?,
  _ body: sending @escaping (TestClock) async throws(E) -> sending R
) async throws(E) -> sending R {
  checkProgressTimeout(progressTimeout, in: "withCheckedTestClock")
  var scope = scope
  if scope == .process, let reason = TestClock.processScopeUnavailability {
    // The body still runs, on the task tree, so that the result exists: the test has failed.
    TestFailureReporting.record(
      "withCheckedTestClock(scope: .process): the process scope cannot work: \(reason).",
      at: location)
    scope = .taskTree
  }
  let handOver = HandOver(body)
  let outcome = ResultSlot<Result<R, E>>()
  // A `@MainActor` test is main-actor work in play even before any of it reaches the clock.
  let startsOnMainActor = isolation === MainActor.shared
  if Test.current == nil {
    // An XCTest test, or none: XCTest's failures are counted as they are recorded.
    let failuresBefore = TestFailureReporting.xcTestFailureCount  // registers the observer
    await runGuarded(
      scope: scope, advancing: advancing, progressTimeout: progressTimeout, location: location,
      startsOnMainActor: startsOnMainActor,
      failed: { TestFailureReporting.xcTestFailureCount != failuresBefore }, body: handOver,
      outcome: outcome)
  } else {
    let failuresSeen = LockedFlag()
    await withKnownIssue(isIntermittent: true, isolation: isolation) {
      // Observes the body's issues without claiming any: a warning may follow a failure.
      await runGuarded(
        scope: scope, advancing: advancing, progressTimeout: progressTimeout, location: location,
        startsOnMainActor: startsOnMainActor, failed: { failuresSeen.isSet }, body: handOver,
        outcome: outcome)
    } matching: { issue in
      #if compiler(>=6.3)
        if issue.isFailure { failuresSeen.set() }
      #else
        failuresSeen.set()  // before Swift 6.3 every issue is a failure
      #endif
      return false
    }
  }
  guard let result = outcome.take() else {
    fatalError("withCheckedTestClock: the body ended without an outcome")
  }
  return try result.get()
}

private enum GuardedEvent: Sendable {
  case bodyEnded
  case stalled(String?)
}

private func runGuarded<R, E: Error>(
  scope: TestClock.Scope, advancing: TestClock.Advancing, progressTimeout: Duration,
  location: CallerLocation, startsOnMainActor: Bool, failed: () -> Bool,
  body: HandOver<(TestClock) async throws(E) -> sending R>, outcome: ResultSlot<Result<R, E>>
) async {
  let clock = TestClock(printing: .onceRecorded, scope: scope)
  clock.setTestLocation("\(location.sourceLocation)")
  if startsOnMainActor { clock.noteMainActorWork() }
  let stall = StallSignal()
  let session = TestClockSession(
    clock: clock, advancing: advancing, progressTimeout: progressTimeout,
    onFailure: { stall.fire($0) })
  await TestClock.$currentInTest.withValue(clock) {
    await withTaskGroup(of: GuardedEvent.self) { group in
      group.addTask(executorPreference: clock.bodyTaskExecutor) {
        guard let body = body.take() else {
          preconditionFailure("withCheckedTestClock: the body was handed over twice")
        }
        // The body has ended once it returns here, on the test executor: a test task waiting
        // for a busy cooperative pool to collect it must not count as ignoring cancellation.
        defer {
          session.bodyEnded()
          stall.bodyFinished()
        }
        // `withValue` does not carry a typed error: the result comes back as a value, and
        // moves to the caller through `outcome`, not as the child task's result, which would
        // have to be `Sendable`.
        let result = await TestClock.$enclosing.withValue(clock) {
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
          TestFailureReporting.record(report, at: location)
        }
        return .bodyEnded
      }
      group.addTask { .stalled(await stall.wait()) }
      while let event = await group.next() {
        switch event {
        case .bodyEnded, .stalled(nil):
          break
        case .stalled(let message?):
          TestFailureReporting.record(message, at: location)
          group.cancelAll()
          stall.stopProcessUnlessBodyFinishes(within: progressTimeout, message: message)
        }
      }
    }
  }
  await session.end()
  for diagnostic in clock.takeDiagnosticsToRecord() {
    TestFailureReporting.record(diagnostic, at: location)
  }
  let hints = [clock.neverUsedHint, clock.escapedTaskHint].compactMap { $0 }
  for hint in hints where !stall.hasFired && failed() {
    TestFailureReporting.record(hint, at: location, as: .warning)
  }
}

/// A flag set from the issue matcher, which may run on any thread.
final class LockedFlag: Sendable {
  private let value = Mutex(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}

extension TestClock {
  /// The clock of the running test, under the `.testClock` trait or inside
  /// ``withCheckedTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``.
  @TaskLocal static var currentInTest: TestClock?

  /// The clock of the running test, under the `.testClock` trait (or inside
  /// ``withCheckedTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``). Reading it
  /// anywhere else stops the process with a message saying so.
  ///
  /// ```swift
  /// @Test(.testClock) func savesAfterASecond() async {
  ///   let clock = TestClock.current
  ///   let save = Debouncer(for: .seconds(1), clock: clock) {}
  ///   save()
  ///   await clock.advance(by: .seconds(1))
  /// }
  /// ```
  public static var current: TestClock {
    guard let clock = currentInTest else {
      fatalError(
        "TestClock.current is read outside a test clock's scope: add the `.testClock` trait to "
          + "the test or its suite, or read it inside withCheckedTestClock")
    }
    return clock
  }
}
