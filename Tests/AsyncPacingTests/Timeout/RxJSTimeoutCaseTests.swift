import AsyncPacing
import AsyncPacingTesting
import Testing

/// RxJS's `spec/operators/timeout-spec.ts` (ReactiveX/rxjs, as it was before the 2024
/// rewrite), the cases of `timeout(due)` and `timeout({ each })`, against
/// `timeout(after:clock:)`; one frame is one second. RxJS restarts its timer at each emission,
/// ours at each `next()`; a consumer that keeps up asks at the instant of each emission, so the
/// two agree here. The `{ each }` twins of these cases are the same call in ours.
@Suite struct RxJSTimeoutCaseTests {
  /// "should timeout after a specified timeout period".
  @Test(.testClock) func aSourceSilentForTheIntervalTimesOutAndIsCancelled() async {
    let clock = TestClock.current
    let source = clock.marbles("-------a--b--|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: source.timeout(after: .seconds(5), clock: clock), step: .seconds(1))
    #expect(drawn == "-----^")
    #expect(source.iterations == [marbleIteration(0, 5, .cancelled)])
  }

  /// "should emit and TimeoutError on timeout with appropriate due as number": RxJS's error
  /// tells what was seen (nothing); ours tells the deadline, on the operator's clock.
  @Test(.testClock) func theErrorNamesTheDeadline() async {
    let clock = TestClock.current
    let source = clock.marbles("-------a--b--|", step: .seconds(1))
    await clock.record(source.timeout(after: .seconds(5), clock: clock)) { events in
      let error = await events.expectFailure()
      let expected = TestClockTimeout<MarbleFailure>.timedOut(deadline: .init(offset: .seconds(5)))
      #expect(error as? TestClockTimeout<MarbleFailure> == expected)
      #expect(clock.now == .init(offset: .seconds(5)))
    }
  }

  /// "should not timeout if source emits within timeout period".
  @Test(.testClock) func aSourceThatKeepsEmittingWithinTheIntervalPassesWhole() async {
    let clock = TestClock.current
    let source = clock.marbles("--a--b--c--d--e--|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: source.timeout(after: .seconds(5), clock: clock), step: .seconds(1))
    #expect(drawn == "--a--b--c--d--e--|")
    #expect(source.iterations == [marbleIteration(0, 17, .finished)])
  }

  /// "should timeout after a specified timeout period between emit with default error while
  /// source emits".
  @Test(.testClock) func aGapLongerThanTheIntervalTimesOut() async {
    let clock = TestClock.current
    let source = clock.marbles("---a---b---c------d---e---|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: source.timeout(after: .seconds(5), clock: clock), step: .seconds(1))
    #expect(drawn == "---a---b---c----^")
    #expect(source.iterations == [marbleIteration(0, 16, .cancelled)])
  }

  /// "should allow unsubscribing explicitly and early".
  @Test(.testClock) func cancellingTheConsumerCancelsTheSourceAndTheTimer() async {
    let clock = TestClock.current
    let source = clock.marbles("--a--b--c---d--e--|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: source.timeout(after: .seconds(5), clock: clock), step: .seconds(1), cancelledAt: 10)
    #expect(drawn == "--a--b--c")
    #expect(source.iterations == [marbleIteration(0, 10, .cancelled)])
    #expect(clock.pendingSleeperCount == 0)
  }

  /// "should not break unsubscription chains when result is unsubscribed explicitly", with
  /// `map` where RxJS has `mergeMap(of)` before and after.
  @Test(.testClock) func cancellingThroughOtherOperatorsCancelsTheSource() async {
    let clock = TestClock.current
    let source = clock.marbles("--a--b--c---d--e--|", step: .seconds(1))
    let chain = source.map { $0 }.timeout(after: .seconds(5), clock: clock).map { $0 }
    let drawn = await clock.marbles(of: chain, step: .seconds(1), cancelledAt: 10)
    #expect(drawn == "--a--b--c")
    #expect(source.iterations == [marbleIteration(0, 10, .cancelled)])
  }

  /// "should work with synchronous observable", with the form on the continuous clock, which
  /// follows the test clock in its scope.
  @Test(.testClock) func aSourceWhoseElementIsReadyAtOncePasses() async throws {
    let clock = TestClock.current
    let (one, feed) = AsyncStream.makeStream(of: Int.self)
    feed.yield(1)
    feed.finish()
    var received: [Int] = []
    for try await value in one.timeout(after: .milliseconds(10)) {
      received.append(value)
    }
    #expect(received == [1])
    #expect(clock.now == .init())
  }

  /// "should stop listening to a synchronous observable when unsubscribed". Differs: RxJS uses
  /// `timeout(0)`, which ours refuses (an upstream could never answer in no time), so this
  /// uses one second; pulled on demand, the source then makes exactly what `prefix` takes.
  @Test(.testClock) func theSourceIsReadOnlyAsFarAsTheConsumerAsks() async throws {
    let clock = TestClock.current
    let produced = Recorder<Int>()
    let source = AsyncStream<Int>(unfolding: {
      let next = produced.recorded.count
      guard next < 10 else { return nil }
      produced.record(next)
      return next
    })
    var taken: [Int] = []
    for try await value in source.timeout(after: .seconds(1), clock: clock).prefix(3) {
      taken.append(value)
    }
    #expect(taken == [0, 1, 2])
    #expect(produced.recorded == [0, 1, 2])
  }
}
