import AsyncPacing
import AsyncPacingTesting
import Testing

/// `withTimeout`, `withDeadline` and `withMovableDeadline` through their public API: where the
/// operation runs, what comes back at and after the deadline, and what is not a timeout.
@Suite struct OperationTimeoutTests {
  @MainActor @Test(.testClock(advancing: .automatic))
  func aMainActorOperationRunsOnTheMainActor() async throws {
    let clock = TestClock.current
    let model = CounterModel()
    let count = try await withTimeout(for: .seconds(5), clock: clock) {
      () async throws -> Int in
      try await clock.sleep(for: .seconds(1))
      model.count += 1  // main-actor state, touched without `await`
      return model.count
    }
    #expect(count == 1)
  }

  @Test(.testClock(advancing: .automatic)) func anActorsOperationRunsOnTheActor() async throws {
    let account = Account(clock: TestClock.current)
    #expect(try await account.depositInTime(5) == 5)
  }

  @Test(.testClock(advancing: .automatic))
  func anOperationThatIgnoresCancellationHoldsTheCallUntilItReturns() async {
    let clock = TestClock.current
    let start = clock.now
    let gate = OperationGate()
    async let opened: Void = gate.open(at: start.advanced(by: .seconds(7)), on: clock)
    do {
      _ = try await withTimeout(for: .seconds(2), clock: clock) {
        await gate.wait()  // deaf to the cancellation at 2
        return "late"
      }
      Issue.record("the late value was returned")
    } catch {
      #expect(error == .timedOut(deadline: start.advanced(by: .seconds(2))))
      #expect(clock.now == start.advanced(by: .seconds(7)))
    }
    await opened
  }

  @Test(.testClock(advancing: .automatic)) func aValueReturnedAfterTheDeadlineIsDropped() async {
    let clock = TestClock.current
    let start = clock.now
    let result = await outcome { () async throws(TimeoutFailure<TestClock.Instant, Never>) in
      try await withTimeout(for: .seconds(2), clock: clock) { () async -> String in
        try? await clock.sleep(for: .seconds(5))
        return "partial"  // after its cancellation at 2
      }
    }
    #expect(result == .failure(.timedOut(deadline: start.advanced(by: .seconds(2)))))
  }

  @Test(.testClock(advancing: .automatic)) func anOperationReturningAtTheDeadlineHasTimedOut() async
  {
    let clock = TestClock.current
    let start = clock.now
    let result = await outcome { () async throws(TimeoutFailure<TestClock.Instant, Never>) in
      try await withTimeout(for: .seconds(3), clock: clock) { () async -> Int in
        try? await clock.sleep(until: start.advanced(by: .seconds(3)))
        return 3
      }
    }
    #expect(result == .failure(.timedOut(deadline: start.advanced(by: .seconds(3)))))
  }

  @Test(.testClock(advancing: .automatic)) func theCallersCancellationIsNotATimeout() async {
    let clock = TestClock.current
    let call = Task(executorPreference: clock.taskExecutor) {
      try await withTimeout(for: .seconds(10), clock: clock) {
        try await clock.sleep(for: .seconds(5))
      }
    }
    try? await clock.sleep(for: .seconds(1))
    call.cancel()
    let result = await call.result
    guard case .failure(let error as TimeoutFailure<TestClock.Instant, any Error>) = result else {
      Issue.record("expected a failure, got \(result)")
      return
    }
    guard case .failed(let failure) = error else {
      Issue.record("expected the operation's error, got \(error)")
      return
    }
    #expect(failure is CancellationError)
  }

  @Test(.testClock(advancing: .automatic)) func aLimitOfZeroStartsTheOperationCancelled() async {
    let clock = TestClock.current
    let result = await outcome { () async throws(TimeoutFailure<TestClock.Instant, Never>) in
      try await withTimeout(for: .zero, clock: clock) { Task.isCancelled }
    }
    #expect(result == .failure(.timedOut(deadline: clock.now)))
  }

  @Test(.testClock(advancing: .automatic)) func nestedTimeoutsSayWhichFired() async {
    let clock = TestClock.current
    // The same 3 s operation each time: only the order of the two limits changes.
    func nested(outer: Duration, inner: Duration) async -> Result<
      Int, TimeoutFailure<TestClock.Instant, TimeoutFailure<TestClock.Instant, Never>>
    > {
      await outcome {
        () async throws(TimeoutFailure<TestClock.Instant, TimeoutFailure<TestClock.Instant, Never>>)
        in
        try await withTimeout(for: outer, clock: clock) {
          () async throws(TimeoutFailure<TestClock.Instant, Never>) in
          try await withTimeout(for: inner, clock: clock) { () async -> Int in
            try? await clock.sleep(for: .seconds(3))
            return 3
          }
        }
      }
    }
    let start = clock.now
    let innerFired = await nested(outer: .seconds(5), inner: .seconds(1))
    #expect(innerFired == .failure(.failed(.timedOut(deadline: start.advanced(by: .seconds(1))))))
    let outerStart = clock.now
    let outerFired = await nested(outer: .seconds(1), inner: .seconds(5))
    #expect(outerFired == .failure(.timedOut(deadline: outerStart.advanced(by: .seconds(1)))))
  }

  @Test(.testClock(advancing: .automatic)) func aDeadlineCanBeMovedExtendedAndRemoved() async throws
  {
    let clock = TestClock.current
    let start = clock.now
    let moves = try await withMovableDeadline(start.advanced(by: .seconds(2)), clock: clock) {
      deadline in
      try await clock.sleep(for: .seconds(1))
      let extended = deadline.extend(by: .seconds(3))  // to 5
      try await clock.sleep(for: .seconds(3))
      let removed = deadline.remove()
      try await clock.sleep(for: .seconds(10))
      return [extended, removed, deadline.instant == nil]
    }
    #expect(moves == [true, true, true])
    #expect(clock.now == start.advanced(by: .seconds(14)))
  }

  @Test(.testClock(advancing: .automatic)) func aDeadlineMovedIntoThePastFiresAtOnce() async {
    let clock = TestClock.current
    let start = clock.now
    let result = await outcome { () async throws(TimeoutFailure<TestClock.Instant, any Error>) in
      try await withMovableDeadline(start.advanced(by: .seconds(10)), clock: clock) { deadline in
        try await clock.sleep(for: .seconds(1))
        deadline.move(to: start)
        try await clock.sleep(for: .seconds(5))
      }
    }
    guard case .failure(.timedOut(let deadline)) = result else {
      Issue.record("expected a timeout, got \(result)")
      return
    }
    #expect(deadline == start)
    #expect(clock.now == start.advanced(by: .seconds(1)))
  }

  @Test(.testClock(advancing: .automatic)) func theFormsWithoutAClockFollowTheTestClock() async {
    let clock = TestClock.current
    let start = clock.now
    let result = await outcome { () async throws(TimeoutFailure<ContinuousClock.Instant, Never>) in
      try await withTimeout(for: .seconds(30)) { () async -> Int in
        try? await clock.sleep(for: .seconds(60))
        return 60
      }
    }
    #expect(result.isTimeout)
    #expect(clock.now == start.advanced(by: .seconds(30)))
  }

  /// The real clocks' wiring, and no more: limits far beyond any machine's pace.
  @Test func theContinuousClockTimesOutAndReturns() async throws {
    #expect(try await withTimeout(for: .seconds(60)) { 42 } == 42)
    let erased: any Clock<Duration> = ContinuousClock()
    #expect(try await withTimeout(for: .seconds(60), clock: erased) { "erased" } == "erased")
    let slow = await outcome {
      () async throws(TimeoutFailure<ContinuousClock.Instant, any Error>) in
      try await withTimeout(for: .milliseconds(20), clock: ContinuousClock()) {
        try await Task.sleep(for: .seconds(60))
      }
    }
    #expect(slow.isTimeout)
  }
}

@MainActor final class CounterModel {
  var count = 0
}

actor Account {
  let clock: TestClock
  var balance = 0

  init(clock: TestClock) { self.clock = clock }

  func depositInTime(_ amount: Int) async throws -> Int {
    try await withTimeout(for: .seconds(3), clock: clock) { () async throws -> Int in
      try await self.clock.sleep(for: .seconds(1))
      self.balance += amount  // actor state, touched without `await`
      return self.balance
    }
  }
}

extension Result where Failure: TimeoutFailureProtocol {
  var isTimeout: Bool {
    if case .failure(let error) = self { error.isTimeout } else { false }
  }
}

protocol TimeoutFailureProtocol: Error {
  var isTimeout: Bool { get }
}

extension TimeoutFailure: TimeoutFailureProtocol {}
