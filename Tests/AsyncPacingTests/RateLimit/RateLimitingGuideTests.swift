import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The examples of "Rate limiting and ticks", as written there: if one stops compiling or
/// passing, the article is wrong.
@Suite struct RateLimitingGuideTests {
  @Test(.testClock) func reportsStayUnderTheQuota() async {
    let clock = TestClock.current
    // Seven reports at once, then an eighth a second and a half later.
    let step = Duration.milliseconds(100)
    let reports = clock.marbles("[abcdefg]--------------h|", step: step)
    let paced = reports.rateLimited(
      to: 5, per: .seconds(1), burst: 5, clock: clock)
    await clock.expectMarbles("[abcde]-f-g----------h|", of: paced, step: step)
  }

  @Test(.testClock(advancing: .automatic)) func syncsEveryThirtySeconds() async {
    let clock = TestClock.current
    var ticks = clock.ticks(every: .seconds(30)).makeAsyncIterator()
    #expect(await ticks.next() == TestClock.Instant(offset: .seconds(30)))
    // A slow sync: the ticks at 60 and 90 fell due.
    await clock.advance(by: .seconds(70))
    #expect(await ticks.next() == TestClock.Instant(offset: .seconds(90)))
  }
}
