import AsyncPacing
import AsyncPacingTesting
import Testing

/// The operation timeouts where the review found gaps: a cancelled caller whose operation
/// returns late, instants handed to the forms without `clock:` inside a test clock's scope,
/// and moves past the last instant there is.
@Suite struct DeadlineEdgeTests {
  @Test(.testClock(advancing: .automatic))
  func aCancelledCallerGetsTheOperationsOutcomeEvenAfterTheDeadline() async {
    let clock = TestClock.current
    let start = clock.now
    let gate = OperationGate()
    async let opened: Void = gate.open(at: start.advanced(by: .seconds(8)), on: clock)
    let call = Task(executorPreference: clock.taskExecutor) {
      try await withTimeout(for: .seconds(5), clock: clock) {
        await gate.wait()  // deaf to every cancellation, returns at 8
        return 7
      }
    }
    try? await clock.sleep(until: start.advanced(by: .seconds(1)))
    call.cancel()
    let result = await call.result
    #expect((try? result.get()) == 7)
    #expect(clock.now == start.advanced(by: .seconds(8)))
    await opened
  }

  @Test(.testClock(advancing: .automatic))
  func aCallerCancelledAtTheDeadlineHasTimedOut() async {
    let clock = TestClock.current
    let start = clock.now
    let call = Task(executorPreference: clock.taskExecutor) {
      try await withTimeout(for: .seconds(5), clock: clock) {
        try await clock.sleep(for: .seconds(9))
      }
    }
    try? await clock.sleep(until: start.advanced(by: .seconds(5)))
    call.cancel()
    guard
      case .failure(let error as TimeoutFailure<TestClock.Instant, any Error>) = await call.result
    else {
      Issue.record("the call did not throw its timeout error")
      return
    }
    #expect(error.isTimeout)
  }

  @Test(.testClock(advancing: .automatic))
  func aRealInstantIsAsFarAwayInTheTestsTime() async {
    let clock = TestClock.current
    let start = clock.now
    let deadline = ContinuousClock.now.advanced(by: .seconds(5))
    let result = await outcome { () async throws(TimeoutFailure<ContinuousClock.Instant, Never>) in
      try await withDeadline(deadline) { () async -> Int in
        try? await clock.sleep(for: .seconds(10))
        return 10
      }
    }
    #expect(result == .failure(.timedOut(deadline: deadline)))
    // Early by the real time between reading `ContinuousClock.now` and the call: a few
    // microseconds, a second at the very most.
    #expect(clock.now <= start.advanced(by: .seconds(5)))
    #expect(clock.now > start.advanced(by: .seconds(4)))
  }

  @Test(.testClock(advancing: .automatic))
  func aMoveToARealInstantIsMeasuredFromTheTestsNow() async {
    let clock = TestClock.current
    let start = clock.now
    let result = await outcome { () async throws(TimeoutFailure<ContinuousClock.Instant, Never>) in
      try await withMovableDeadline(.now + .seconds(10)) { deadline in
        try? await clock.sleep(for: .seconds(8))
        deadline.move(to: .now + .seconds(5))  // 13 in the test's time, not at once
        try? await clock.sleep(for: .seconds(20))
      }
    }
    #expect(result.isTimeout)
    #expect(clock.now <= start.advanced(by: .seconds(13)))
    #expect(clock.now > start.advanced(by: .seconds(12)))
  }

  @Test(.testClock(advancing: .automatic))
  func anExtensionPastTheLastInstantLiftsTheLimit() async throws {
    let clock = TestClock.current
    let start = clock.now
    let lifted = try await withMovableDeadline(start.advanced(by: .seconds(2)), clock: clock) {
      deadline in
      let extended = deadline.extend(by: Duration(attoseconds: .max))
      try await clock.sleep(for: .seconds(30))
      return (extended, deadline.instant == nil, deadline.extend(by: .seconds(1)))
    }
    #expect(lifted == (true, true, false))
    #expect(clock.now == start.advanced(by: .seconds(30)))
  }
}

/// A caller cancelled before the deadline, on a clock whose `sleep` ignores cancellation: the
/// timer sleeps on to the deadline, and the operation returns after it, yet the call is not a
/// timeout (the second review's case).
@Suite struct DeafClockCancellationTests {
  @Test(.testClock(advancing: .automatic))
  func aCancellationBeforeTheDeadlineDecidesEvenOnADeafClock() async {
    let clock = TestClock.current
    let start = clock.now
    let deaf = CancellationDeafClock(base: clock)
    let gate = OperationGate()
    async let opened: Void = gate.open(at: start.advanced(by: .seconds(8)), on: clock)
    let call = Task(executorPreference: clock.taskExecutor) {
      try await withTimeout(for: .seconds(5), clock: deaf) {
        await gate.wait()
        return 8
      }
    }
    try? await clock.sleep(until: start.advanced(by: .seconds(1)))
    call.cancel()
    #expect((try? await call.value) == 8)
    await opened
  }
}

/// A ``TestClock`` whose `sleep` runs to its deadline whatever the cancellation.
struct CancellationDeafClock: Clock {
  let base: TestClock

  var now: TestClock.Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: TestClock.Instant, tolerance: Duration?) async throws {
    let base = base
    await Task(executorPreference: base.taskExecutor) {
      try? await base.sleep(until: deadline)
    }.value
  }
}
