import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// What `retry` adds to the proposal (the contract's "Retry"): the form without `clock:` on the
/// test clock, cancellation that never sleeps or starts another attempt, far backoffs.
@Suite(.testClock) struct RetryTests {
  let clock = TestClock.current

  /// The form without `clock:` sleeps its backoffs on the enclosing test clock, exactly.
  @Test func theFormWithoutAClockFollowsTheTestClock() async throws {
    let starts = Mutex<[TestClock.Instant]>([])
    let task = Task(executorPreference: clock.taskExecutor) { [clock] in
      try await retry(maxAttempts: 3, backoff: Backoff.exponential(factor: 3, initial: .seconds(1)))
      {
        starts.withLock { $0.append(clock.now) }
        if starts.withLock({ $0.count }) < 3 { throw Failure() }
        return "done"
      }
    }
    await clock.advance(by: .seconds(4))
    #expect(try await task.value == "done")
    #expect(starts.withLock { $0 } == [0, 1, 4].map { TestClock.Instant(offset: .seconds($0)) })
  }

  /// Cancelled after a failed attempt: the strategy is asked, then `CancellationError`, with no
  /// sleep and no other attempt, a zero backoff included.
  @Test(arguments: [Duration.zero, .seconds(5)])
  func aCancelledTaskNeverSleepsOrTriesAgain(_ delay: Duration) async {
    let attempts = Atomic(0)
    let strategyCalls = Atomic(0)
    let task = Task(executorPreference: clock.taskExecutor) { [clock] in
      withUnsafeCurrentTask { $0?.cancel() }
      try await retry(maxAttempts: 5, clock: clock) {
        attempts.add(1, ordering: .relaxed)
        throw Failure()
      } strategy: { _ in
        strategyCalls.add(1, ordering: .relaxed)
        return .backoff(delay)
      }
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(attempts.load(ordering: .relaxed) == 1)
    #expect(strategyCalls.load(ordering: .relaxed) == 1)
    #expect(clock.pendingSleeperCount == 0)
  }

  /// A cancellation during a backoff ends it at once, and nothing is left on the clock.
  @Test func aCancelDuringABackoffEndsItAtOnce() async {
    let attempts = Atomic(0)
    let task = Task(executorPreference: clock.taskExecutor) { [clock] in
      try await retry(maxAttempts: 5, clock: clock) {
        attempts.add(1, ordering: .relaxed)
        throw Failure()
      } strategy: { _ in
        .backoff(.seconds(10))
      }
    }
    await clock.advance(by: .seconds(3))
    #expect(clock.pendingSleeperCount == 1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(attempts.load(ordering: .relaxed) == 1)
    #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
    #expect(clock.pendingSleeperCount == 0)
  }

  /// A saturated backoff (the longest `Duration`) never traps; it waits until cancelled.
  @Test func aSaturatedBackoffWaitsUntilCancelled() async {
    let attempts = Atomic(0)
    let task = Task(executorPreference: clock.taskExecutor) { [clock] in
      try await retry(
        maxAttempts: 3, backoff: Backoff.exponential(factor: .max, initial: .seconds(1)),
        clock: clock
      ) {
        attempts.add(1, ordering: .relaxed)
        throw Failure()
      }
    }
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(3_600 * 24 * 365))
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    // Its first delay is already the longest: the growth that follows it would overflow.
    #expect(attempts.load(ordering: .relaxed) == 1)
  }

  /// An error the clock's sleep throws for another reason than a cancellation is thrown.
  @Test func aClockErrorIsThrown() async {
    struct Broken: Error {}
    struct BrokenClock: Clock {
      var now: ContinuousClock.Instant { .now }
      var minimumResolution: Duration { .zero }
      func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        throw Broken()
      }
    }
    await #expect(throws: Broken.self) {
      try await retry(maxAttempts: 3, clock: BrokenClock()) {
        throw Failure()
      } strategy: { _ in
        .backoff(.seconds(1))
      }
    }
  }
}

/// `retry` on the continuous clock, outside any test clock's scope.
@Suite struct RetryOnTheContinuousClockTests {
  /// On the continuous clock, whose sleep traps on the longest `Duration`, a saturated backoff
  /// is slept toward without trapping. Wiring only: it waits for its cancellation.
  @Test func aSaturatedBackoffOnTheContinuousClockNeverTraps() async {
    let task = Task {
      try await retry(maxAttempts: 2, clock: ContinuousClock()) {
        throw Failure()
      } strategy: { _ in
        .backoff(Duration(attoseconds: .max))
      }
    }
    try? await Task.sleep(for: .milliseconds(20))
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
