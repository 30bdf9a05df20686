import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// RxJS's subscription diagrams (`expectSubscriptions(…).toBe(…)`) for the sequences a diagram
/// plays: `take` through `prefix`, and a late, a cancelled and an open iteration.
@Suite(.capturesIssues, .testClock) struct MarbleSubscriptionTests {
  /// RxJS's `take` spec: `take(2)` of `--a-b-c-|` unsubscribes at `b`. A pulled sequence ends
  /// its iteration when the consumer stops asking: here when `prefix` has its second element.
  @Test func prefixEndsTheIterationAtItsLastElement() async {
    let clock = TestClock.current
    let letters = clock.marbles("--a-b-c-|", step: .seconds(1))
    let drawn = await clock.marbles(of: letters.prefix(2), step: .seconds(1))
    #expect(drawn == "--a-[b|]")
    await clock.expectSubscriptions(["^---!"], of: letters)
  }

  @Test func aFinishedIterationEndsAtItsEnd() async {
    let clock = TestClock.current
    let letters = clock.marbles("a-b|", step: .seconds(1))
    _ = await clock.marbles(of: letters, step: .seconds(1))
    #expect(letters.subscriptions == ["^--!"])
  }

  @Test func aLateIterationAndAnEmptyOne() async {
    let clock = TestClock.current
    let letters = clock.marbles("|", step: .seconds(1))
    await clock.advance(by: .seconds(2))
    _ = await clock.marbles(of: letters, step: .seconds(1))
    #expect(letters.subscriptions == ["--(^!)"])
  }

  @Test func anOpenIterationIsDrawnWithoutItsEnd() async {
    let clock = TestClock.current
    let letters = clock.marbles("a-b", step: .seconds(1))
    await clock.record(letters) { recorded in
      #expect(await recorded.nextElement() == "a")
      #expect(letters.subscriptions == ["^"])
      recorded.ignoreRemainingEvents()
    }
  }

  @Test func aDifferenceIsAnIssueAtTheCall() async {
    let clock = TestClock.current
    let letters = clock.marbles("a|", step: .seconds(1))
    _ = await clock.marbles(of: letters, step: .seconds(1))
    await expectIssues([#"the subscriptions differ: expected ["^-!"], drawn ["^!"]"#]) {
      await clock.expectSubscriptions(["^-!"], of: letters)
    }
  }
}
