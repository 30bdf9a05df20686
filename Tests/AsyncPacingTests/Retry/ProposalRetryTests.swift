import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

struct Failure: Error, Equatable {}

/// swift-async-algorithms' own `TestRetry` (PR #364 at 6a26577), re-expressed on a
/// ``TestClock``: the same attempts and strategy calls. `defaultCancellation` differs by design
/// (see the contract's "Retry"): here the cancelled task throws `CancellationError` after the
/// first attempt whatever the backoff, where there a zero backoff's sleep on the continuous
/// clock happens to throw it.
@Suite(.testClock(advancing: .automatic)) struct ProposalRetryTests {
  let clock = TestClock.current

  @Test func singleAttempt() async {
    var attempts = 0
    var strategyCalls = 0
    await #expect(throws: Failure.self) {
      try await retry(maxAttempts: 1) {
        attempts += 1
        throw Failure()
      } strategy: { _ in
        strategyCalls += 1
        return .backoff(.zero)
      }
    }
    #expect(attempts == 1)
    #expect(strategyCalls == 0)
  }

  @Test func customCancellation() async {
    struct CustomCancellationError: Error {}
    let task = Task(executorPreference: clock.taskExecutor) {
      try await retry(maxAttempts: 3) {
        if Task.isCancelled { throw CustomCancellationError() }
        throw Failure()
      } strategy: { error in
        error is CustomCancellationError ? .stop : .backoff(.zero)
      }
    }
    task.cancel()
    await #expect(throws: CustomCancellationError.self) { try await task.value }
  }

  @Test func defaultCancellation() async {
    let attempts = Atomic(0)
    let task = Task(executorPreference: clock.taskExecutor) {
      try await retry(maxAttempts: 3) {
        attempts.add(1, ordering: .relaxed)
        throw Failure()
      }
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(attempts.load(ordering: .relaxed) == 1)
  }

  @Test func successOnFirstAttempt() async throws {
    func doesNotActuallyThrow() throws {}
    var attempts = 0
    var strategyCalls = 0
    try await retry(maxAttempts: 3) {
      attempts += 1
      try doesNotActuallyThrow()
    } strategy: { _ in
      strategyCalls += 1
      return .backoff(.zero)
    }
    #expect(attempts == 1)
    #expect(strategyCalls == 0)
  }

  @Test func successOnSecondAttempt() async throws {
    var attempts = 0
    var strategyCalls = 0
    try await retry(maxAttempts: 3) {
      attempts += 1
      if attempts == 1 { throw Failure() }
    } strategy: { _ in
      strategyCalls += 1
      return .backoff(.zero)
    }
    #expect(attempts == 2)
    #expect(strategyCalls == 1)
  }

  @Test func maxAttemptsExceeded() async {
    var attempts = 0
    var strategyCalls = 0
    await #expect(throws: Failure.self) {
      try await retry(maxAttempts: 3) {
        attempts += 1
        throw Failure()
      } strategy: { _ in
        strategyCalls += 1
        return .backoff(.zero)
      }
    }
    #expect(attempts == 3)
    #expect(strategyCalls == 2)
  }

  @Test func nonRetryableError() async {
    struct RetryableError: Error {}
    struct NonRetryableError: Error {}
    var attempts = 0
    var strategyCalls = 0
    await #expect(throws: NonRetryableError.self) {
      try await retry(maxAttempts: 5) {
        attempts += 1
        if attempts == 2 { throw NonRetryableError() }
        throw RetryableError()
      } strategy: { error in
        strategyCalls += 1
        return error is NonRetryableError ? .stop : .backoff(.zero)
      }
    }
    #expect(attempts == 2)
    #expect(strategyCalls == 2)
  }

  /// `customClock`: each attempt starts one backoff after the last failed, on the clock given.
  @Test func customClock() async {
    var starts: [TestClock.Instant] = []
    await #expect(throws: Failure.self) {
      try await retry(maxAttempts: 3, clock: clock) {
        starts.append(clock.now)
        throw Failure()
      } strategy: { _ in
        .backoff(.seconds(1))
      }
    }
    #expect(starts == [0, 1, 2].map { TestClock.Instant(offset: .seconds($0)) })
  }

  @Test func retryWithBackoffStrategy() async throws {
    var attempts = 0
    let result = try await retry(maxAttempts: 3, backoff: Backoff.constant(.zero)) {
      attempts += 1
      if attempts < 3 { throw Failure() }
      return "success"
    }
    #expect(result == "success")
    #expect(attempts == 3)
  }

  @Test func retryWithBackoffStrategyAndGenerator() async throws {
    var attempts = 0
    var generator = SplitMix64(seed: 42)
    let backoff = Backoff.constant(.zero).fullJitter()
    let result = try await retry(maxAttempts: 3, backoff: backoff, using: &generator) {
      attempts += 1
      if attempts < 3 { throw Failure() }
      return "success"
    }
    #expect(result == "success")
    #expect(attempts == 3)
  }

  @Test func retryWithBackoffStrategyShouldRetryFalse() async {
    var attempts = 0
    await #expect(throws: Failure.self) {
      try await retry(maxAttempts: 5, backoff: Backoff.constant(.zero)) {
        attempts += 1
        throw Failure()
      } strategy: { _ in
        attempts < 2
      }
    }
    #expect(attempts == 2)
  }
}
