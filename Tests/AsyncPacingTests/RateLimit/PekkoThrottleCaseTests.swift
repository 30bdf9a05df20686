import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// Pekko's own `FlowThrottleSpec` (apache/pekko, stream-tests, "Throttle for single cost
/// elements"), its `Shaping` cases re-expressed with `rateLimited` on a ``TestClock``: each
/// `sendNext` is a `yield`, each `expectNoMessage(t)` an advance of `t` with nothing received.
/// Pekko's burst of 0 or -1 (automatic) has no twin: a burst is at least 1 here.
@Suite(.testClock) struct PekkoThrottleCaseTests {
  let clock = TestClock.current

  func instant(_ milliseconds: Int) -> TestClock.Instant {
    .init(offset: .milliseconds(milliseconds))
  }

  /// "work for the happy case" (19 per second, burst 5 for Pekko's automatic one).
  @Test func theHappyCase() async {
    let numbers = AsyncStream { feed in
      for number in 1...5 { feed.yield(number) }
      feed.finish()
    }
    let limited = numbers.rateLimited(to: 19, per: .seconds(1), burst: 5, clock: clock)
    await clock.record(limited) { limited in
      for expected in 1...5 { #expect(await limited.nextElement() == expected) }
      await limited.expectFinish()
    }
    #expect(clock.now == instant(0))
  }

  /// "accept very high rates": one per nanosecond.
  @Test func veryHighRates() async {
    let numbers = AsyncStream { feed in
      for number in 1...5 { feed.yield(number) }
      feed.finish()
    }
    let limited = numbers.rateLimited(to: 1, per: .nanoseconds(1), clock: clock)
    await clock.record(limited) { limited in
      for expected in 1...5 { #expect(await limited.nextElement() == expected) }
      await limited.expectFinish()
    }
    #expect(clock.now == .init(offset: .nanoseconds(4)))
  }

  /// "accept very low rates": one per 100 days; the test does not wait 100 days either.
  @Test func veryLowRates() async {
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    for number in 1...5 { feed.yield(number) }
    let limited = numbers.rateLimited(to: 1, per: .seconds(100 * 86_400), clock: clock)
    await clock.record(limited) { limited in
      #expect(await limited.nextElement() == 1)
      await clock.advance(by: .milliseconds(100))
      await limited.expectNoEvents()
    }
  }

  /// "work if there are two throttles in different streams": each iteration has its bucket.
  @Test func eachIterationHasItsOwnBucket() async {
    let limited = clock.marbles("a|", step: .seconds(1)).rateLimited(
      to: 1, per: .seconds(86_400), clock: clock)
    await clock.expectMarbles("a|", of: limited, step: .seconds(1))
    await clock.expectMarbles("a|", of: limited, step: .seconds(1))
  }

  /// "emit single element per tick" (burst 1 for Pekko's 0, so the first goes at once).
  @Test func oneElementPerToken() async {
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    await clock.record(numbers.rateLimited(to: 1, per: .milliseconds(300), clock: clock)) {
      limited in
      feed.yield(1)
      #expect(await limited.next()?.instant == instant(0))
      feed.yield(2)
      await clock.advance(by: .milliseconds(150))
      await limited.expectNoEvents()
      #expect(await limited.next()?.instant == instant(300))
      feed.finish()
      await limited.expectFinish()
    }
  }

  /// "not send downstream if upstream does not emit element".
  @Test func nothingWithoutAnElement() async {
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    await clock.record(numbers.rateLimited(to: 1, per: .milliseconds(300), clock: clock)) {
      limited in
      feed.yield(1)
      #expect(await limited.nextElement() == 1)
      await clock.advance(by: .milliseconds(300))
      await limited.expectNoEvents()
      feed.yield(2)
      #expect(await limited.next()?.instant == instant(300))
      feed.finish()
      await limited.expectFinish()
    }
  }

  /// "burst according to its maximum if enough time passed".
  @Test func aBurstUpToItsMaximum() async {
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    await clock.record(
      numbers.rateLimited(to: 1, per: .milliseconds(200), burst: 5, clock: clock)
    ) { limited in
      for number in 1...5 { feed.yield(number) }
      for _ in 1...5 { #expect(await limited.next()?.instant == instant(0)) }
      await clock.advance(by: .milliseconds(1_200))
      await limited.expectNoEvents()
      for number in 7...11 { feed.yield(number) }
      for expected in 7...11 {
        let event = await limited.next()
        #expect(event?.element == expected)
        #expect(event?.instant == instant(1_200))
      }
      feed.finish()
      await limited.expectFinish()
    }
  }

  /// "burst some elements if have enough time": after 6 waits for its token at 200 ms, the
  /// tokens at 400 and 600 let 7 and 8 through at once at 700; 9 waits for the one at 800.
  @Test func aBurstOfWhatTimeRefilled() async {
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    await clock.record(
      numbers.rateLimited(to: 1, per: .milliseconds(200), burst: 5, clock: clock)
    ) { limited in
      for number in 1...5 { feed.yield(number) }
      for _ in 1...5 { _ = await limited.nextElement() }
      feed.yield(6)
      await clock.advance(by: .milliseconds(100))
      await limited.expectNoEvents()
      #expect(await limited.next()?.instant == instant(200))
      await clock.advance(by: .milliseconds(500))
      await limited.expectNoEvents()
      for number in 7...10 { feed.yield(number) }
      #expect(await limited.next()?.instant == instant(700))
      #expect(await limited.next()?.instant == instant(700))
      #expect(await limited.next()?.instant == instant(800))
      limited.ignoreRemainingEvents()
    }
  }
}
