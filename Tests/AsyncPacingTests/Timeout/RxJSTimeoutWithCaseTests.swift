import AsyncPacing
import AsyncPacingTesting
import Testing

/// RxJS's `spec/operators/timeout-spec.ts` (ReactiveX/rxjs, before the 2024 rewrite), the
/// cases of `timeout({ each, with })` ("using with"), against
/// `timeout(after:clock:continuingWith:)`; one frame is one second. RxJS subscribes to the
/// `with` observable when the time runs out; ours starts iterating the fallback then, and a
/// marble diagram counts its steps from that first `next()`, as a cold observable does.
@Suite struct RxJSTimeoutWithCaseTests {
  /// "should timeout after a specified period then subscribe to the passed observable".
  @Test(.testClock) func theFallbackStartsWhenTheFirstElementIsLate() async {
    let clock = TestClock.current
    let source = clock.marbles("-------a--b--|", step: .seconds(1))
    let fallback = clock.marbles("x-y-z-|", step: .seconds(1))
    let timed = source.timeout(after: .seconds(5), clock: clock, continuingWith: fallback)
    #expect(await clock.marbles(of: timed, step: .seconds(1)) == "-----x-y-z-|")
    #expect(source.iterations == [marbleIteration(0, 5, .cancelled)])
    #expect(fallback.iterations == [marbleIteration(5, 11, .finished)])
  }

  /// "should timeout after a specified period between emit then subscribe to the passed
  /// observable when source emits".
  @Test(.testClock) func theFallbackStartsWhenALaterElementIsLate() async {
    let clock = TestClock.current
    let source = clock.marbles("---a---b------c---|", step: .seconds(1))
    let fallback = clock.marbles("-x-y-|", step: .seconds(1))
    let timed = source.timeout(after: .seconds(4), clock: clock, continuingWith: fallback)
    // Differs: RxJS passes b, which comes at its timer's very frame (the source was scheduled
    // first); here the deadline wins at its instant (the contract, "Periods are half-open").
    #expect(await clock.marbles(of: timed, step: .seconds(1)) == "---a----x-y-|")
    #expect(source.iterations == [marbleIteration(0, 7, .cancelled)])
    #expect(fallback.iterations == [marbleIteration(7, 12, .finished)])
  }

  /// "should allow unsubscribing explicitly and early" (with), and "should not break
  /// unsubscription chain when unsubscribed explicitly" with `map` for RxJS's `mergeMap(of)`.
  @Test(.testClock, arguments: [false, true])
  func cancellingTheConsumerCancelsTheFallback(throughMaps: Bool) async {
    let clock = TestClock.current
    // b a step earlier than RxJS's, in time here too (its own frame is the deadline's).
    let source = clock.marbles("---a--b------c----|", step: .seconds(1))
    let fallback = clock.marbles("-x---y|", step: .seconds(1))
    let drawn: String
    if throughMaps {
      let chain = source.map { $0 }
        .timeout(after: .seconds(4), clock: clock, continuingWith: fallback).map { $0 }
      drawn = await clock.marbles(of: chain, step: .seconds(1), cancelledAt: 14)
    } else {
      let timed = source.timeout(after: .seconds(4), clock: clock, continuingWith: fallback)
      drawn = await clock.marbles(of: timed, step: .seconds(1), cancelledAt: 14)
    }
    #expect(drawn == "---a--b----x")
    #expect(source.iterations == [marbleIteration(0, 10, .cancelled)])
    #expect(fallback.iterations == [marbleIteration(10, 14, .cancelled)])
  }

  /// "should not subscribe to withObservable after explicit unsubscription".
  @Test(.testClock) func aConsumerCancelledBeforeTheDeadlineNeverStartsTheFallback() async {
    let clock = TestClock.current
    let source = clock.marbles("---a------b------", step: .seconds(1))
    let fallback = clock.marbles("i---j---|", step: .seconds(1))
    let chain = source.map { $0 }
      .timeout(after: .seconds(5), clock: clock, continuingWith: fallback).map { $0 }
    let drawn = await clock.marbles(of: chain, step: .seconds(1), cancelledAt: 5)
    #expect(drawn == "---a")
    #expect(source.iterations == [marbleIteration(0, 5, .cancelled)])
    #expect(fallback.iterations.isEmpty)
  }

  /// "should timeout after a specified period then subscribe to the passed observable when
  /// source is empty" and "… when source raises error after timeout": what the source would
  /// do after its deadline never comes out.
  @Test(.testClock, arguments: ["-------------|", "-------------^"])
  func aSourceThatWouldEndAfterItsDeadlineGivesWayToTheFallback(diagram: String) async {
    let clock = TestClock.current
    let source = clock.marbles(diagram, step: .seconds(1))
    let fallback = clock.marbles("----x----|", step: .seconds(1))
    let timed = source.timeout(after: .seconds(10), clock: clock, continuingWith: fallback)
    #expect(await clock.marbles(of: timed, step: .seconds(1)) == "--------------x----|")
    #expect(source.iterations == [marbleIteration(0, 10, .cancelled)])
  }

  /// "should timeout after a specified period between emit then never completes if other
  /// source does not complete".
  @Test(.testClock) func aSilentFallbackLeavesTheSequenceOpen() async {
    let clock = TestClock.current
    let source = clock.marbles("--a--b--------c--d--|", step: .seconds(1))
    let fallback = clock.marbles("------------", step: .seconds(1))
    let timed = source.timeout(after: .seconds(4), clock: clock, continuingWith: fallback)
    // Nothing can happen after +9s: the drawing stops there, without an ending.
    #expect(await clock.marbles(of: timed, step: .seconds(1)) == "--a--b")
    #expect(source.iterations == [marbleIteration(0, 9, .cancelled)])
    #expect(fallback.iterations.map(\.started) == [.init(offset: .seconds(9))])
  }

  /// "should timeout after a specified period between emit then never completes if other
  /// source emits but not complete".
  @Test(.testClock) func aFallbackThatNeverEndsLeavesTheSequenceOpen() async {
    let clock = TestClock.current
    let source = clock.marbles("-------------|", step: .seconds(1))
    let fallback = clock.marbles("----x----", step: .seconds(1))
    let timed = source.timeout(after: .seconds(11), clock: clock, continuingWith: fallback)
    #expect(await clock.marbles(of: timed, step: .seconds(1)) == "---------------x")
    #expect(source.iterations == [marbleIteration(0, 11, .cancelled)])
  }

  /// "should not timeout if source completes within timeout period", "… raises error within
  /// timeout period" (thrown as it is: the fallback shares the source's `Failure`) and "…
  /// emits within timeout period".
  @Test(.testClock, arguments: [("-----|", 10), ("-----^", 10), ("--a--b--c--d--e--|", 5)])
  func aSourceInTimeNeverStartsTheFallback(diagram: String, seconds: Int) async {
    let clock = TestClock.current
    let source = clock.marbles(diagram, step: .seconds(1))
    let fallback = clock.marbles("----x----|", step: .seconds(1))
    let timed = source.timeout(after: .seconds(seconds), clock: clock, continuingWith: fallback)
    #expect(await clock.marbles(of: timed, step: .seconds(1)) == diagram)
    #expect(fallback.iterations.isEmpty)
  }
}
