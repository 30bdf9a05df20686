import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// The examples of "Rate limiting and ticks", as written there: if one stops compiling or
/// passing, the article is wrong.
@Suite struct RateLimitingGuideTests {
  typealias Report = String

  struct ReportUploader {
    let clock: any Clock<Duration>
    let send: @Sendable (Report) async -> Void

    /// Uploads every report, never more than 5 a second, up to 5 at once.
    func upload<Failure: Error>(
      _ reports: some AsyncSequence<Report, Failure> & Sendable
    ) async throws(Failure) {
      let paced = reports.rateLimited(
        to: 5, per: .seconds(1), burst: 5, clock: clock)
      for try await report in paced {
        await send(report)
      }
    }
  }

  @Test(.testClock(advancing: .automatic))
  func reportsStayUnderTheQuota() async throws {
    let clock = TestClock.current
    let sent = Mutex<[Duration]>([])
    let uploader = ReportUploader(clock: clock) { _ in
      sent.withLock { $0.append(clock.now.offset) }
    }
    // Seven reports at once, then an eighth a second and a half later.
    let reports = clock.marbles(
      "[abcdefg]--------------h|", step: .milliseconds(100))
    try await uploader.upload(reports)
    let milliseconds = [0, 0, 0, 0, 0, 200, 400, 1_500]
    #expect(sent.withLock { $0 } == milliseconds.map { .milliseconds($0) })
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
