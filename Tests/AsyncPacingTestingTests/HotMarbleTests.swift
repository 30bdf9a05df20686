import AsyncPacing
import AsyncPacingTesting
import Testing

/// Hot sources, as RxJS's `hot(…)` (its TestScheduler spec's hot cases, in the pacing
/// notation): one timeline from the instant made.
@Suite(.testClock) struct HotMarbleTests {
  @Test func aLateIterationJoinsTheTimelineWhereItIs() async {
    let clock = TestClock.current
    let letters = clock.hotMarbles("a-b-c|", step: .seconds(1))
    await clock.advance(by: .seconds(2))  // a is gone
    #expect(await clock.marbles(of: letters, step: .seconds(1)) == "b-c|")
    await clock.expectSubscriptions(["--^--!"], of: letters)
  }

  @Test func anIterationAtTheStartGetsEverything() async {
    let clock = TestClock.current
    let letters = clock.hotMarbles("a-b|", step: .seconds(1))
    #expect(await clock.marbles(of: letters, step: .seconds(1)) == "a-b|")
  }

  @Test func anIterationAfterTheEndGetsTheEndAtOnce() async {
    let clock = TestClock.current
    let letters = clock.hotMarbles("a|", step: .seconds(1))
    await clock.advance(by: .seconds(5))
    #expect(await clock.marbles(of: letters, step: .seconds(1)) == "|")
  }

  @Test func anUnusedHotSourceIsNoLeftoverWork() async {
    let clock = TestClock.current
    _ = clock.hotMarbles("a-b|", step: .seconds(1))
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test func aSlowConsumerGetsEachEventWhenItAsksNoneDropped() async {
    let clock = TestClock.current
    let numbers = clock.hotMarbles("ab|", step: .seconds(1), values: ["a": 1, "b": 2])
    let drawn = await clock.marbles(of: numbers, step: .seconds(1), busySteps: 3)
    #expect(drawn == "1--2--|")
  }
}
