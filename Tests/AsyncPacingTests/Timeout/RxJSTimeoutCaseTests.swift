import AsyncPacing
import AsyncPacingTesting
import Testing

/// RxJS's `spec/operators/timeout-spec.ts` (ReactiveX/rxjs, as it was before the 2024
/// rewrite), the cases of `timeout(due)` and `timeout({ each })`, against
/// `timeout(after:clock:)`; one frame is one second. RxJS restarts its timer at each emission,
/// ours at each `next()`; a consumer that keeps up asks at the instant of each emission, so the
/// two agree here. The `{ each }` twins of these cases are the same call in ours.
@Suite struct RxJSTimeoutCaseTests {
  /// The cases drawn as marble diagrams, by RxJS's names.
  static let cases: [TimeoutMarbleCase] = [
    .init(
      "should timeout after a specified timeout period", source: "-------a--b--|",
      after: .seconds(5), draws: "-----^", sourceIterations: [(0, 5, .cancelled)]),
    .init(
      "should not timeout if source emits within timeout period",
      source: "--a--b--c--d--e--|", after: .seconds(5), draws: "--a--b--c--d--e--|",
      sourceIterations: [(0, 17, .finished)]),
    .init(
      "should timeout after a specified timeout period between emit with default error while "
        + "source emits", source: "---a---b---c------d---e---|", after: .seconds(5),
      draws: "---a---b---c----^", sourceIterations: [(0, 16, .cancelled)]),
    // The check that no sleeper is left covers RxJS's timer, cancelled with the source.
    .init(
      "should allow unsubscribing explicitly and early", source: "--a--b--c---d--e--|",
      after: .seconds(5), cancelledAt: 10, draws: "--a--b--c",
      sourceIterations: [(0, 10, .cancelled)]),
    // `map` where RxJS has `mergeMap(of)` before and after.
    .init(
      "should not break unsubscription chains when result is unsubscribed explicitly",
      source: "--a--b--c---d--e--|", after: .seconds(5), throughMaps: true, cancelledAt: 10,
      draws: "--a--b--c", sourceIterations: [(0, 10, .cancelled)]),
  ]

  @Test(.testClock, arguments: cases)
  func drawnCaseMatchesRxJS(_ timeoutCase: TimeoutMarbleCase) async {
    await timeoutCase.check()
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
