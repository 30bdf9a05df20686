import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// What the drawing's consumer can do besides waiting: be busy, be cancelled; and when the
/// drawing stops by itself.
@Suite(.capturesIssues) struct MarbleConsumerTests {
  @Test(.testClock) func aBusyConsumerGetsTheLatestElement() async {
    let clock = TestClock.current
    let typing = clock.marbles("a-b-c-d-e-f|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: typing.debounce(for: .seconds(1), clock: clock), step: .seconds(1), busySteps: 5)
    #expect(drawn == "-a----c----f----|")  // b waited and c replaced it; f replaced e
  }

  @Test(.testClock) func cancellingTheConsumerCancelsTheUpstream() async {
    let clock = TestClock.current
    let typing = clock.marbles("a-b-c-d-e-f|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: typing.debounce(for: .seconds(1), clock: clock), step: .seconds(1), cancelledAt: 4)
    #expect(drawn == "-a-b")
    #expect(typing.iterations.map(\.ending) == [.cancelled])
    #expect(typing.iterations.first?.ended == TestClock.Instant(offset: .seconds(4)))
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test(.testClock) func aConsumerCancelledWhileBusyCancelsTheUpstreamToo() async {
    let clock = TestClock.current
    let typing = clock.marbles("a-b-c-d|", step: .seconds(1))
    let drawn = await clock.marbles(of: typing, step: .seconds(1), busySteps: 2, cancelledAt: 3)
    #expect(drawn == "a-b")
    #expect(typing.iterations.map(\.ending) == [.cancelled])
  }

  @Test(.testClock) func deadlinesFinerThanTheStepAreBoundedToo() async {
    let clock = TestClock.current
    await expectIssues(["the clock advanced 320 times before step 5"]) {
      let polling = Ticks(clock: clock, period: .milliseconds(1))
      _ = await clock.marbles(of: polling, step: .seconds(1), maxSteps: 5)
    }
  }

  @Test(.testClock) func aHugeStepLimitIsNoCrash() async {
    let clock = TestClock.current
    let letters = clock.marbles("a-b|", step: .seconds(100))
    #expect(await clock.marbles(of: letters, step: .seconds(100), maxSteps: .max) == "a-b|")
  }

  @Test(.testClock) func aDiagramWithoutAnEndingWaitsWithoutSleepingOnTheClock() async {
    let clock = TestClock.current
    let open = clock.marbles("a-b", step: .seconds(1))
    // Nothing more can happen after b: the drawing returns, and cancels the iteration.
    #expect(await clock.marbles(of: open, step: .seconds(1)) == "a-b")
    #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
    #expect(open.iterations.map(\.ending) == [.cancelled])
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test(.testClock) func anOperatorsTrailingEdgeOverAnOpenUpstreamStillComesOut() async {
    let clock = TestClock.current
    let open = clock.marbles("ab", step: .seconds(1))
    let drawn = await clock.marbles(
      of: open.throttle(for: .seconds(3), clock: clock), step: .seconds(1))
    #expect(drawn == "a--b")
  }

  @Test(.testClock) func aRepeatingTimerStopsAtTheStepLimit() async {
    let clock = TestClock.current
    let drawn = await clock.marbles(of: Ticks(clock: clock), step: .seconds(1), maxSteps: 50)
    #expect(drawn == "")
    #expect(clock.now <= TestClock.Instant(offset: .seconds(50)))
    #expect(clock.pendingSleeperCount == 0)
  }
}

/// Sleeps `period` on the clock, forever, and never produces an element.
struct Ticks: AsyncSequence, Sendable {
  let clock: TestClock
  var period = Duration.seconds(1)

  struct AsyncIterator: AsyncIteratorProtocol {
    let clock: TestClock
    let period: Duration
    mutating func next() async throws -> Int? {
      while true { try await clock.sleep(for: period) }
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(clock: clock, period: period) }
}
