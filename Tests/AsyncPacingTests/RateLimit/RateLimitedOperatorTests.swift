import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// `rateLimited` on a ``TestClock``: the contract's diagram, errors and the end at once,
/// reading on demand, cancellation, and the form without `clock:`.
@Suite(.testClock) struct RateLimitedOperatorTests {
  let clock = TestClock.current

  /// The contract's diagram: one permit per 2 steps, burst 2.
  @Test func theContractsDiagram() async {
    let input = clock.marbles("[abc]-------d--e|", step: .seconds(1))
    await clock.expectMarbles(
      "[ab]-c-----d--e|", of: input.rateLimited(to: 1, per: .seconds(2), burst: 2, clock: clock),
      step: .seconds(1))
  }

  /// Token k arrives at ⌈k × interval / permits⌉ attoseconds: three per 10 ms.
  @Test func tokensFallOnTheCeilingOfTheGrid() async {
    let input = clock.marbles("[abcd]", step: .seconds(1))
    await clock.record(input.rateLimited(to: 3, per: .milliseconds(10), clock: clock)) {
      limited in
      #expect(await limited.next()?.instant == .init(offset: .zero))
      let expected = [3_333_333_333_333_334, 6_666_666_666_666_667, 10_000_000_000_000_000]
      for attoseconds in expected {
        #expect(
          await limited.next()?.instant == .init(offset: .init(attoseconds: Int128(attoseconds))))
      }
    }
  }

  /// The end is asked for once `b` is out, and passes at once.
  @Test func theEndAndErrorsPassAtOnce() async {
    let finishing = clock.marbles("[ab|]", step: .seconds(1))
    await clock.expectMarbles(
      "a-[b|]", of: finishing.rateLimited(to: 1, per: .seconds(2), clock: clock), step: .seconds(1))
    let failing = clock.marbles("[ab^]", step: .seconds(1))
    await clock.expectMarbles(
      "a-[b^]", of: failing.rateLimited(to: 1, per: .seconds(2), clock: clock), step: .seconds(1))
  }

  /// The upstream is asked only while the consumer waits and no element waits for its token.
  @Test func theUpstreamIsReadOnDemand() async {
    let input = clock.marbles("[abc]|", step: .seconds(1))
    _ = await clock.marbles(
      of: input.rateLimited(to: 1, per: .seconds(5), clock: clock), step: .seconds(1))
    // c is asked for once b is out, at 5, and the end once c is out, at 10.
    #expect(input.iterations.first?.ended == .init(offset: .seconds(10)))
  }

  /// Cancelled while an element waits: nil at once, the element dropped, nothing left.
  @Test func cancellingDropsTheWaitingElement() async {
    let input = clock.marbles("[ab]-----c|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: input.rateLimited(to: 1, per: .seconds(4), clock: clock), step: .seconds(1),
      cancelledAt: 2)
    #expect(drawn == "a")
    #expect(input.iterations.first?.ending == .cancelled)
    #expect(clock.pendingSleeperCount == 0)
  }

  /// Cancelled while the upstream's `next()` is in flight: that `next()` is cancelled too.
  @Test func cancellingCancelsTheReadInFlight() async {
    let input = clock.marbles("a-----b|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: input.rateLimited(to: 1, per: .seconds(1), clock: clock), step: .seconds(1),
      cancelledAt: 2)
    #expect(drawn == "a")
    #expect(input.iterations.first?.ending == .cancelled)
    #expect(input.iterations.first?.ended == .init(offset: .seconds(2)))
    #expect(clock.pendingSleeperCount == 0)
  }

  /// A bucket left full for a long stretch loses the tokens it cannot hold.
  @Test func aFullBucketLosesItsTokens() async {
    let input = clock.marbles("a 'gap' [bcd]|", step: .seconds(1))
    let limited = input.filter { $0 != "gap" }.rateLimited(
      to: 1, per: .seconds(1), burst: 2, clock: clock)
    await clock.expectMarbles("a-[bc][d|]", of: limited, step: .seconds(1))
  }

  @Test func theFormWithoutAClockFollowsTheTestClock() async {
    let input = clock.marbles("[abc]|", step: .seconds(1))
    await clock.expectMarbles(
      "a-b-[c|]", of: input.rateLimited(to: 1, per: .seconds(2)), step: .seconds(1))
  }
}
