import AsyncPacing
import AsyncPacingTesting
import Testing

/// kotlinx.coroutines' `common/test/WithTimeoutTest.kt` and `WithTimeoutOrNullTest.kt`,
/// against `withTimeout(for:clock:)`. Kotlin's milliseconds are the test clock's; its `null`
/// from `withTimeoutOrNull` and its `TimeoutCancellationException` are both our `.timedOut`.
@Suite struct KotlinWithTimeoutCaseTests {
  /// Kotlin: testBasicNoSuspend (both files).
  @Test(.testClock) func anOperationThatNeverSuspendsReturnsItsValue() async throws {
    let clock = TestClock.current
    let result = try await withTimeout(for: .milliseconds(10_000), clock: clock) { "OK" }
    #expect(result == "OK")
    // The timer ends with the operation: nothing is left to wait for the ten seconds.
    #expect(clock.pendingSleeperCount == 0)
    #expect(clock.now == .init())
  }

  /// Kotlin: testBasicSuspend (both files).
  @Test(.testClock) func anOperationThatSuspendsInTimeReturnsItsValue() async throws {
    let clock = TestClock.current
    let result = try await withTimeout(for: .milliseconds(10_000), clock: clock) {
      await Task.yield()
      return "OK"
    }
    #expect(result == "OK")
    #expect(clock.pendingSleeperCount == 0)
  }

  /// Kotlin: testYieldBlockingWithTimeout (both files). On the real clock: a loop that only
  /// yields never lets a test clock settle, so no test clock could move to the deadline.
  @Test func aLoopThatOnlyYieldsIsStoppedAtTheDeadline() async {
    let clock = ContinuousClock()
    let start = clock.now
    let error = await #expect(throws: TimeoutFailure<ContinuousClock.Instant, Never>.self) {
      try await withTimeout(for: .milliseconds(100), clock: clock) {
        while !Task.isCancelled { await Task.yield() }
      }
    }
    guard case .timedOut(let deadline)? = error else { return }
    #expect(deadline >= start.advanced(by: .milliseconds(100)))
    #expect(clock.now >= deadline)
  }

  /// Kotlin: testWithTimeoutChildWait.
  @Test(.testClock(advancing: .automatic)) func theCallReturnsOnlyAfterTheOperationsChildTasks()
    async throws
  {
    let clock = TestClock.current
    let order = Recorder<String>()
    try await withTimeout(for: .milliseconds(100), clock: clock) { () async -> Void in
      await withTaskGroup { group in
        group.addTask {
          try? await clock.sleep(for: .milliseconds(10))
          order.record("child at \(clock.now)")
        }
        order.record("operation")
      }
    }
    order.record("call returned")
    #expect(order.recorded == ["operation", "child at +0.01s", "call returned"])
  }

  /// Kotlin: testBadClass (both files): the value comes back as it is, never compared, hashed
  /// or described on the way.
  @Test(.testClock) func theValueIsHandedBackUntouched() async throws {
    let clock = TestClock.current
    let bad = Untouchable()
    let result = try await withTimeout(for: .milliseconds(100), clock: clock) { bad }
    #expect(ObjectIdentifier(result) == ObjectIdentifier(bad))
  }

  /// Kotlin: testExceptionOnTimeout and testNullOnTimeout. Kotlin's message names the limit;
  /// our error names the deadline.
  @Test(.testClock(advancing: .automatic)) func anOperationStillWaitingAtTheDeadlineTimesOut()
    async
  {
    let clock = TestClock.current
    let error = await #expect(throws: TestClockTimeout<any Error>.self) {
      try await withTimeout(for: .milliseconds(100), clock: clock) {
        try await clock.sleep(for: .milliseconds(1_000))
        Issue.record("the operation slept past its deadline")
        return "OK"
      }
    }
    // The sleep's CancellationError, thrown after the deadline, is the timeout's doing.
    #expect(error.map { timeoutSummary(of: $0) } == "timedOut(+0.1s)")
    #expect(clock.now == .init(offset: .milliseconds(100)))
  }

  /// Kotlin: testSuppressExceptionWithResult (both files).
  @Test(.testClock(advancing: .automatic)) func aValueReturnedAfterTheDeadlineIsDropped() async {
    let clock = TestClock.current
    let cancelled = Recorder<TestClock.Instant>()
    let expected = TestClockTimeout<Never>.timedOut(deadline: .init(offset: .milliseconds(100)))
    await #expect(throws: expected) {
      try await withTimeout(for: .milliseconds(100), clock: clock) { () async -> String in
        do {
          try await clock.sleep(for: .milliseconds(1_000))
        } catch {
          cancelled.record(clock.now)
        }
        return "OK"
      }
    }
    #expect(cancelled.recorded == [.init(offset: .milliseconds(100))])
  }

  /// Kotlin: testSuppressExceptionWithAnotherException (both files). Differs: Kotlin throws
  /// the TestException; ours drops an error thrown after the deadline, as it drops a value.
  @Test(.testClock(advancing: .automatic)) func anErrorThrownAfterTheDeadlineIsDropped() async {
    let clock = TestClock.current
    let expected = TestClockTimeout<TestException>.timedOut(
      deadline: .init(offset: .milliseconds(100)))
    await #expect(throws: expected) {
      try await withTimeout(for: .milliseconds(100), clock: clock) {
        () async throws(TestException) -> String in
        do {
          try await clock.sleep(for: .milliseconds(1_000))
        } catch {
          throw TestException()
        }
        Issue.record("the operation slept past its deadline")
        return "OK"
      }
    }
  }

  /// Kotlin: testNegativeTimeout (both files). Differs: Kotlin never runs the block; ours
  /// starts it already cancelled, so that it always runs in a child task as the contract says.
  @Test(.testClock, arguments: [Duration.zero, .milliseconds(-1)])
  func aLimitOfZeroOrLessRunsTheOperationCancelledAndTimesOut(limit: Duration) async {
    let clock = TestClock.current
    let sawCancellation = Recorder<Bool>()
    await #expect(throws: TestClockTimeout<Never>.timedOut(deadline: .init(offset: limit))) {
      try await withTimeout(for: limit, clock: clock) {
        sawCancellation.record(Task.isCancelled)
        return "OK"
      }
    }
    #expect(sawCancellation.recorded == [true])
  }

  /// Kotlin: testExceptionFromWithinTimeout (both files) and, with a limit never reached,
  /// WithTimeoutOrNullTest's testThrowException.
  @Test(.testClock, arguments: [Duration.milliseconds(1_000), .seconds(Int64.max)])
  func anErrorThrownInTimeIsTheOperationsOwn(limit: Duration) async {
    let clock = TestClock.current
    await #expect(throws: TestClockTimeout<TestException>.failed(TestException())) {
      try await withTimeout(for: limit, clock: clock) {
        () async throws(TestException) -> String in
        throw TestException()
      }
    }
  }

  /// WithTimeoutOrNullTest's testSmallTimeout, with the form that takes no clock: inside the
  /// test clock's scope it follows that clock.
  @Test(.testClock(advancing: .automatic)) func aReceiveThatGetsNothingTimesOut() async {
    let clock = TestClock.current
    let (channel, feed) = AsyncStream.makeStream(of: Int.self)
    let error = await #expect(throws: TimeoutFailure<ContinuousClock.Instant, Never>.self) {
      try await withTimeout(for: .milliseconds(1)) {
        var iterator = channel.makeAsyncIterator()
        // Cancelled, the receive gives up with `nil`: a value after the deadline, dropped.
        return await iterator.next()
      }
    }
    guard case .timedOut? = error else { return }
    #expect(clock.now == .init(offset: .milliseconds(1)))
    feed.finish()
  }

  /// WithTimeoutOrNullTest's testInnerTimeout (outer 1 s) and testNestedTimeout (outer never):
  /// an inner timeout is the outer call's `.failed`, never its own `.timedOut`.
  @Test(.testClock(advancing: .automatic), arguments: [Duration.seconds(1), .seconds(Int64.max)])
  func anInnerTimeoutIsTheOuterOperationsError(outerLimit: Duration) async {
    let clock = TestClock.current
    let expected = TestClockTimeout<TestClockTimeout<Never>>.failed(
      .timedOut(deadline: .init(offset: .milliseconds(10))))
    await #expect(throws: expected) {
      try await withTimeout(for: outerLimit, clock: clock) {
        () async throws(TestClockTimeout<Never>) -> Void in
        try await withTimeout(for: .milliseconds(10), clock: clock) {
          _ = try? await clock.sleep(for: .seconds(3_600))
        }
      }
    }
  }

  /// WithTimeoutOrNullTest's testOuterTimeout. Differs: when the outer deadline cancels the
  /// third inner call, Kotlin's inner call rethrows that cancellation; ours returns what its
  /// operation returned, since the caller's cancellation is not the inner call's timeout.
  @Test(.testClock(advancing: .automatic)) func theOuterDeadlineEndsALoopOfInnerTimeouts() async {
    let clock = TestClock.current
    let inner = Recorder<String>()
    let outer = TestClockTimeout<Never>.timedOut(deadline: .init(offset: .milliseconds(320)))
    await #expect(throws: outer) {
      try await withTimeout(for: .milliseconds(320), clock: clock) { () async -> Void in
        while !Task.isCancelled {
          do throws(TestClockTimeout<Never>) {
            try await withTimeout(for: .milliseconds(150), clock: clock) {
              _ = try? await clock.sleep(for: .seconds(3_600))
            }
            inner.record("returned at \(clock.now)")
          } catch {
            inner.record("\(timeoutSummary(of: error)) at \(clock.now)")
          }
        }
      }
    }
    #expect(
      inner.recorded == [
        "timedOut(+0.15s) at +0.15s", "timedOut(+0.3s) at +0.3s", "returned at +0.32s",
      ])
  }
}

/// Kotlin's `BadClass`: a value whose equality, hash and description stop the test if used.
private final class Untouchable: Hashable, CustomStringConvertible, Sendable {
  static func == (lhs: Untouchable, rhs: Untouchable) -> Bool { fatalError("compared") }
  func hash(into hasher: inout Hasher) { fatalError("hashed") }
  var description: String { fatalError("described") }
}
