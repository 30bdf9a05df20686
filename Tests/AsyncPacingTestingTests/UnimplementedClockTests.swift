import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// Every use of an `UnimplementedClock` is one issue, with the clock's label, at its creation.
@Suite(.capturesIssues) struct UnimplementedClockTests {
  @Test func readingNowIsOneIssueNamingTheClock() async {
    let clock = UnimplementedClock(name: "Feed.clock")
    await expectIssues(["UnimplementedClock \"Feed.clock\": now was read"]) {
      _ = clock.now
    }
  }

  @Test func sleepingIsOneIssueAndReturnsAtOnce() async {
    let clock = UnimplementedClock(name: "Feed.clock")
    await expectIssues(["UnimplementedClock \"Feed.clock\": sleep(until: +1s)"]) {
      try? await clock.sleep(until: .init(offset: .seconds(1)))
    }
  }

  @Test func eachUseIsItsOwnIssue() async {
    let clock = UnimplementedClock()
    await expectIssues(["\"Clock\": now", "\"Clock\": now", "\"Clock\": sleep"]) {
      _ = clock.now
      _ = clock.now
      try? await clock.sleep(for: .seconds(1))
    }
  }

  @Test func theIssueIsRecordedWhereTheClockWasCreated() {
    let line = #line + 1
    let clock = UnimplementedClock(name: "Model.clock")
    let recorded = recordedIssues { _ = clock.now }
    #expect(recorded.count == 1)
    #expect(recorded.first?.sourceLocation?.line == line)
  }

  /// An operator reads its clock's `now` when an iterator is made (its origin); the iteration
  /// is not run here, since its internal tasks would report uses after the test has ended.
  @Test func anOperatorOnItReportsItsUse() {
    let clock = UnimplementedClock(name: "Search.clock")
    let (queries, feed) = AsyncStream.makeStream(of: String.self)
    feed.finish()
    let recorded = recordedIssues {
      _ = queries.debounce(for: .seconds(1), clock: clock).makeAsyncIterator()
    }.map(\.message)
    #expect(recorded.count == 1)
    #expect(recorded.first?.contains("\"Search.clock\": now was read") == true)
  }

  /// After each issue it keeps time as an `ImmediateClock`, so an operator's timer moves on
  /// instead of waking again and again at the same instant.
  @Test func sleepingMovesNow() async {
    let clock = UnimplementedClock(name: "Timer.clock")
    // The sleep and the reading are uses, each its own issue; the expectation is not.
    var now: UnimplementedClock.Instant?
    await expectIssues([
      "\"Timer.clock\": sleep(until: +5s)", "\"Timer.clock\": now was read",
    ]) {
      try? await clock.sleep(until: .init(offset: .seconds(5)))
      now = clock.now
    }
    #expect(now?.offset == .seconds(5))
  }

  @Test func theShorthandNamesTheClock() {
    let clock: UnimplementedClock = .unimplemented("Short.clock")
    #expect(clock.name == "Short.clock")
  }

  @Test func minimumResolutionIsNoUse() {
    #expect(UnimplementedClock().minimumResolution == .zero)
  }
}
