import AsyncPacing
import AsyncPacingTesting
import Synchronization
import Testing

/// kotlinx.coroutines' `common/test/flow/operators/TimeoutTest.kt` (`Flow.timeout`), against
/// `timeout(after:clock:)`. A marble step is 100 ms, or 1 ms where the case's delays are finer.
/// Kotlin's `flow { }` runs from the collection's start as a marble diagram runs from the first
/// `next()`; with a consumer that keeps up, pulling changes nothing.
@Suite struct KotlinFlowTimeoutCaseTests {
  /// The cases drawn as marble diagrams, by Kotlin's names.
  static let cases: [TimeoutMarbleCase] = [
    // The silence times out 300 ms after the next() that followed C.
    .init(
      "testBasic", source: "ABC---D|", after: .milliseconds(300), draws: "ABC--^",
      sourceIterations: [(0, 5, .cancelled)], step: .milliseconds(100)),
    // Kotlin's `catch { emit(-1) }` is our fallback.
    .init(
      "testBasicCustomAction", source: "ABC---D|", after: .milliseconds(300),
      fallback: "['-1'|]", draws: "ABC--['-1'|]", step: .milliseconds(100)),
    .init(
      "testDelayedFirst", source: "-[1|]", after: .milliseconds(250), draws: "-[1|]",
      step: .milliseconds(100)),
    // What arrives at the `next()`'s own instant is in time.
    .init(
      "testEmpty", source: "|", after: .milliseconds(1), draws: "|", step: .milliseconds(1)),
    .init(
      "testScalar", source: "[123|]", after: .milliseconds(1), draws: "[123|]",
      step: .milliseconds(1)),
  ]

  @Test(.testClock, arguments: cases)
  func drawnCaseMatchesKotlin(_ timeoutCase: TimeoutMarbleCase) async {
    await timeoutCase.check()
  }

  /// Kotlin: testSingleNull.
  @Test(.testClock) func aNilElementIsAnElementNotTheEnd() async {
    let clock = TestClock.current
    let flow = clock.marbles("n|", step: .milliseconds(1), values: ["n": Int?.none])
    let drawn = await clock.marbles(
      of: flow.timeout(after: .milliseconds(2), clock: clock), step: .milliseconds(1))
    #expect(drawn == "'nil'|")
  }

  /// Kotlin: testUpstreamError.
  @Test(.testClock) func theUpstreamsErrorIsThrownAsFailed() async {
    let clock = TestClock.current
    let flow = clock.marbles("[1^]", step: .milliseconds(100))
    await clock.record(flow.timeout(after: .milliseconds(1_000), clock: clock)) { events in
      #expect(await events.nextElement() == "1")
      let error = await events.expectFailure()
      #expect(error as? TestClockTimeout<MarbleFailure> == .failed(MarbleFailure(step: 0)))
    }
  }

  /// Kotlin: testUpstreamErrorTimeoutException. An upstream's own timeout is its error: the
  /// type nests it, so it is never taken for this operator's.
  @Test(.testClock) func anUpstreamsTimeoutIsItsErrorNotOurs() async {
    let clock = TestClock.current
    let upstream = clock.marbles("1", step: .milliseconds(100))
      .timeout(after: .milliseconds(200), clock: clock)
    let expected = TestClockTimeout<TestClockTimeout<MarbleFailure>>.failed(
      .timedOut(deadline: .init(offset: .milliseconds(200))))
    await clock.record(upstream.timeout(after: .milliseconds(1_000), clock: clock)) { events in
      #expect(await events.nextElement() == "1")
      let error = await events.expectFailure()
      #expect(error as? TestClockTimeout<TestClockTimeout<MarbleFailure>> == expected)
    }
  }

  /// Kotlin: testUpstreamErrorCancellationException. A CancellationError the upstream throws
  /// is its error, not a cancellation of the consumer.
  @Test(.testClock) func anUpstreamsCancellationErrorIsItsError() async {
    let clock = TestClock.current
    let (flow, feed) = AsyncThrowingStream.makeStream(of: String.self)
    feed.yield("1")
    feed.finish(throwing: CancellationError())
    await clock.record(flow.timeout(after: .milliseconds(1_000), clock: clock)) { events in
      #expect(await events.nextElement() == "1")
      let error = await events.expectFailure()
      guard case .failed(let cause)? = error as? TestClockTimeout<any Error> else {
        Issue.record("expected the upstream's error, got \(String(describing: error))")
        return
      }
      #expect(cause is CancellationError)
    }
  }

  /// Kotlin: testUpstreamExceptionsTakingPriority. Differs: Kotlin throws the TestException
  /// the upstream throws at 2 ms, after ignoring its cancellation at 1 ms; ours throws the
  /// timeout, as the deadline was reached first (an error after it is no news).
  @Test(.testClock) func anUpstreamErrorAfterTheDeadlineGivesWayToTheTimeout() async {
    let clock = TestClock.current
    let gate = DeafGate()
    let flow = AsyncThrowingStream<String, any Error>(unfolding: {
      await gate.wait()  // Kotlin's NonCancellable delay: the cancellation goes unheard
      throw TestException()
    })
    async let ending = endingError(of: flow.timeout(after: .milliseconds(1), clock: clock))
    await clock.advance(by: .milliseconds(2))
    gate.open()
    let error = await ending
    #expect(error.map { timeoutSummary(of: $0) } == "timedOut(+0.001s)")
  }

  /// Kotlin: testDownstreamError. The consumer's own error is its own; the clock runs only
  /// while a `next()` waits, so none runs meanwhile; and the upstream is let go.
  @Test(.testClock) func theConsumersErrorEndsTheIterationAndLetsTheUpstreamGo() async {
    let clock = TestClock.current
    let flow = clock.marbles("1", step: .milliseconds(100))
    await #expect(throws: TestException()) {
      for try await _ in flow.timeout(after: .milliseconds(100), clock: clock) {
        await Task.yield()
        throw TestException()
      }
    }
    await clock.settle()
    #expect(clock.pendingSleeperCount == 0)
    // Cancelled or released, depending on which task drops the upstream's iterator last.
    let ending = flow.iterations.first?.ending
    #expect(ending == .cancelled || ending == .released)
  }

  /// Kotlin: testSharedFlowTimeout: an upstream that never emits nor ends.
  @Test(.testClock) func anUpstreamThatNeverAnswersTimesOutAfterTheInterval() async {
    let clock = TestClock.current
    let (shared, feed) = AsyncStream.makeStream(of: Int.self)
    await clock.record(shared.timeout(after: .milliseconds(100), clock: clock)) { events in
      let error = await events.expectFailure()
      let expected = TestClockTimeout<Never>.timedOut(deadline: .init(offset: .milliseconds(100)))
      #expect(error as? TestClockTimeout<Never> == expected)
      #expect(clock.now == .init(offset: .milliseconds(100)))
    }
    feed.finish()
  }

  /// Kotlin: testSharedFlowCancelledNoTimeout. Kotlin's collector ends with the
  /// CancellationException; ours with `nil`, as every cancelled `next()` does: no timeout.
  @Test(.testClock) func cancellingTheConsumerIsNoTimeout() async {
    let clock = TestClock.current
    let shared = clock.marbles("-0123456789", step: .milliseconds(50))
    let received = Recorder<String>()
    await withTaskGroup { group in
      group.addTask {
        do {
          for try await value in shared.timeout(after: .milliseconds(100), clock: clock) {
            received.record(value)
          }
          received.record("end")
        } catch {
          received.record("error")
        }
      }
      await clock.advance(by: .milliseconds(500))
      group.cancelAll()
    }
    let expected = (0..<10).map { "\($0)" } + ["end"]
    #expect(received.recorded == expected)
    #expect(shared.iterations.map(\.ending) == [.cancelled])
  }

  /// Kotlin: testImmediateTimeout. Differs: Kotlin fails the collection at once, even of an
  /// empty flow; ours refuses the interval where the sequence is made: no upstream could answer
  /// within it.
  @Test func aZeroOrNegativeIntervalIsRefusedWithItsName() async {
    let refusal = "timeout(after:): `interval` must be greater than zero"
    let zero = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (empty, _) = AsyncStream.makeStream(of: Int.self)
      _ = empty.timeout(after: .zero)
    }
    #expect(standardError(of: zero).contains(refusal))
    let negative = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let (empty, _) = AsyncStream.makeStream(of: Int.self)
      _ = empty.timeout(after: .seconds(-1))
    }
    #expect(standardError(of: negative).contains(refusal))
  }

  /// Kotlin: testClosing, whose `Duration.INFINITE` is the longest interval there is.
  @Test(.testClock) func anUpstreamThatFailsAtOnceFailsUnderAnEndlessInterval() async {
    let clock = TestClock.current
    let flow = clock.marbles("^", step: .milliseconds(100))
    await clock.record(flow.timeout(after: .seconds(Int64.max), clock: clock)) { events in
      let error = await events.expectFailure()
      #expect(error as? TestClockTimeout<MarbleFailure> == .failed(MarbleFailure(step: 0)))
    }
    #expect(clock.now == .init())
  }
}

/// The error that ends an iteration of `sequence`; `nil` when it finishes.
private func endingError<Timed: AsyncSequence>(of sequence: Timed) async -> Timed.Failure? {
  var iterator = sequence.makeAsyncIterator()
  do throws(Timed.Failure) {
    while try await iterator.next(isolation: nil) != nil {}
    return nil
  } catch {
    return error
  }
}

/// Where an upstream waits, deaf to cancellation, until the test opens it.
private final class DeafGate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
