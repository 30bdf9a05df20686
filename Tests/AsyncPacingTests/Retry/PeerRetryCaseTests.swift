import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// kotlinx.coroutines' own `RetryTest` (kotlinx-coroutines-core/common/test/flow/operators/
/// RetryTest.kt, at Kotlin/kotlinx.coroutines 792ac67), re-expressed: `retry` re-runs an
/// operation, so each attempt plays one collection of the flow, its `emit`s going to what the
/// collector got. `retry(n)` is `maxAttempts: n + 1`; `retry()` and `retryWhen`, unbounded, are
/// `maxAttempts: .max`.
///
/// Not re-expressed, as they differ (`retry` has no downstream: what the caller does with the
/// operation's value is outside it, and nothing runs concurrently with an attempt):
/// - `testRetryExceptionFromDownstream`: no downstream inside `retry` to throw.
/// - `testUpstreamExceptionConcurrentWithDownstream`: no downstream exception to race.
/// - `testUpstreamExceptionConcurrentWithDownstreamCancellation`: the same, with a cancellation.
/// - `testUpstreamCancellationIsIgnoredWhenDownstreamFails`: the same, the other way round.
@Suite(.testClock) struct KotlinRetryCaseTests {
  let clock = TestClock.current

  /// `testRetryWhen`: each collection emits 1, then throws; the predicate, asked with attempts
  /// 0 to 3, lets 0 to 2 retry. Four collections sum to 4, and the error reaches the `catch`.
  @Test func retryWhenAsksAfterEveryFailure() async {
    var emitted: [Int] = []
    var attemptsAsked: [Int] = []
    await #expect(throws: Failure.self) {
      try await retry(maxAttempts: .max, clock: clock) {
        emitted.append(1)
        throw Failure()
      } strategy: { error in
        #expect(error is Failure)
        let attempt = attemptsAsked.count
        attemptsAsked.append(attempt)
        return attempt < 3 ? .backoff(.zero) : .stop
      }
    }
    #expect(attemptsAsked == [0, 1, 2, 3])
    #expect(emitted.reduce(0, +) == 4)
  }

  /// `testRetry`: each collection emits 1, then throws until the fourth. `retry(4)` sums to 4;
  /// the flow alone, and under `retry(2)`, throws.
  @Test func retryWithACountOfRetries() async throws {
    var collections = 0
    var sum = 0
    func collect() throws {
      sum += 1
      collections += 1
      if collections < 4 { throw Failure() }
    }
    try await retry(maxAttempts: 5, clock: clock) { try collect() }
    #expect(sum == 4)
    collections = 0
    #expect(throws: Failure.self) { try collect() }
    collections = 0
    await #expect(throws: Failure.self) {
      try await retry(maxAttempts: 3, clock: clock) { try collect() }
    }
  }

  /// `testWithTimeoutRetried`: the first collection times out inside (`withTimeout(1)` around a
  /// hang), that error is retried, and the second emits 1. Here `withTimeout(for: 1 ms)`, whose
  /// `.timedOut` at 1 ms is an attempt's error like any other.
  @Test func aTimeoutInsideAnAttemptIsRetried() async throws {
    let task = Task(executorPreference: clock.taskExecutor) { [clock] in
      var collections = 0
      return try await retry(maxAttempts: 2, clock: clock) {
        collections += 1
        if collections == 1 {
          try await withTimeout(for: .milliseconds(1), clock: clock) {
            try await clock.sleep(for: .seconds(3_600))
          }
        }
        return [1]
      }
    }
    await clock.advance(by: .milliseconds(1))
    #expect(try await task.value == [1])
  }

  /// `testCancellationFromUpstreamIsNotRetried`: a hanging collection under `retry()` whose
  /// collector is cancelled ends, not retried. Here the strategy is asked (Kotlin's predicate is
  /// not), then `CancellationError`: one attempt.
  @Test func cancellationFromUpstreamIsNotRetried() async {
    let attempts = Atomic(0)
    let task = Task(executorPreference: clock.taskExecutor) { [clock] in
      try await retry(maxAttempts: .max, clock: clock) {
        attempts.add(1, ordering: .relaxed)
        try await clock.sleep(for: .seconds(3_600))
      }
    }
    await clock.settle()
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(attempts.load(ordering: .relaxed) == 1)
  }
}

/// RxJS's own `retry` spec (spec/operators/retry-spec.ts, at ReactiveX/rxjs e5351d0), its
/// marble cases in RxJS's dialect, a frame a millisecond (its run mode), with their
/// subscription diagrams as written. Each attempt subscribes to the cold source once, iterating
/// it, and passes its elements on as they come. `retry(n)` and `{ count: n }` are
/// `maxAttempts: n + 1`; a `delay` is the backoff.
///
/// Not re-expressed, as they differ:
/// - "…then retry and complete" (`resetOnSuccess: true`): an attempt has one outcome, so no
///   value resets the count.
/// - "should complete if the notifier completes": `.stop` rethrows the attempt's error.
/// - "should error if the notifier errors": a backoff is a duration, never an error.
/// - "should error if the delay function throws": a strategy cannot throw.
/// - "should delay the retry with a function that returns a hot observable": a backoff is a
///   duration, not a notifier.
/// - "should act like a normal retry if delay is less than 0": `Backoff.constant` refuses a
///   negative delay (it stops the program).
/// - "should retry a synchronous source (multicasted and refCounted) multiple times": no
///   sharing between attempts.
@Suite(.testClock) struct RxJSRetryCaseTests {
  let clock = TestClock.current
  static let frame = Duration.milliseconds(1)

  /// `source.pipe(retry(…))`: a task runs `retry` over `source`, passing each attempt's
  /// elements on as they come, then `retry`'s end or error; cancelling the iteration (RxJS's
  /// unsubscription) cancels the task.
  func retried(
    _ source: MarbleSequence<String>, maxAttempts: Int,
    backoff: some BackoffStrategy<Duration> & Sendable
  ) -> AsyncThrowingStream<String, any Error> {
    let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
    let task = Task(executorPreference: clock.taskExecutor) { [clock] in
      do {
        try await retry(maxAttempts: maxAttempts, backoff: backoff, clock: clock) {
          for try await element in source { continuation.yield(element) }
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// "should handle a basic source that emits next then errors, count=3": `retry(2)`, three
  /// subscriptions, each at the last one's error, and the third's error.
  @Test func aBasicSourceThatEmitsNextThenErrorsCount3() async {
    let source = clock.marbles("--1-2-3-#", step: Self.frame, notation: .rxjs)
    await clock.expectMarbles(
      "   --1-2-3---1-2-3---1-2-3-#",
      of: retried(source, maxAttempts: 3, backoff: Backoff.constant(Duration.zero)),
      step: Self.frame, notation: .rxjs)
    await clock.expectSubscriptions(
      [
        "^-------!                ",
        "--------^-------!        ",
        "----------------^-------!",
      ], of: source)
  }

  /// "should handle a source which eventually throws, count=3, and result is unsubscribed
  /// early": `retry(3)`, unsubscribed at frame 13, which ends the second subscription.
  @Test func aSourceWhichEventuallyThrowsUnsubscribedEarly() async {
    let source = clock.marbles("--1-2-3-#", step: Self.frame, notation: .rxjs)
    await clock.expectMarbles(
      "   --1-2-3---1-2-",
      of: retried(source, maxAttempts: 4, backoff: Backoff.constant(Duration.zero)),
      step: Self.frame, notation: .rxjs, cancelledAt: 13)
    await clock.expectSubscriptions(["^-------!     ", "--------^----!"], of: source)
  }

  /// "should honor count as the max retries": `{ count: 2, delay: 4 frames }`, each
  /// resubscription 4 frames after an error, and the third's error rethrown at once.
  @Test func honorsCountAsTheMaxRetries() async {
    let source = clock.marbles("---a---b---#", step: Self.frame, notation: .rxjs)
    await clock.expectMarbles(
      "   ---a---b----------a---b----------a---b---#",
      of: retried(source, maxAttempts: 3, backoff: Backoff.constant(Self.frame * 4)),
      step: Self.frame, notation: .rxjs)
    await clock.expectSubscriptions(
      [
        "^----------!",
        "---------------^----------!",
        "------------------------------^----------!",
      ], of: source)
  }

  /// "should be usable for exponential backoff", adapted: its delay function
  /// `timer(2 ** retryCount)` is `Backoff.exponential(factor: 2, initial: 2 frames)`.
  @Test func usableForExponentialBackoff() async {
    let source = clock.marbles("---a---#", step: Self.frame, notation: .rxjs)
    let backoff = Backoff.exponential(factor: 2, initial: Self.frame * 2)
    await clock.expectMarbles(
      "   ---a--------a----------a--------------a---#",
      of: retried(source, maxAttempts: 4, backoff: backoff),
      step: Self.frame, notation: .rxjs)
    await clock.expectSubscriptions(
      [
        "^------!",
        "---------^------!",
        "--------------------^------!",
        "-----------------------------------^------!",
      ], of: source)
  }
}
