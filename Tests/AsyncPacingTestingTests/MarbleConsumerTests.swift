import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// What the drawing's consumer can do besides waiting: be busy, be cancelled; and when the
/// drawing stops by itself.
@Suite(.capturesIssues) struct MarbleConsumerTests {
  @Test func aBusyConsumerGetsTheLatestElement() async {
    await withTestClock { clock in
      let typing = clock.marbles("a-b-c-d-e-f|", step: .seconds(1))
      let drawn = await clock.marbles(
        of: typing.debounce(for: .seconds(1), clock: clock), step: .seconds(1), busySteps: 5)
      #expect(drawn == "-a----c----f----|")  // b waited and c replaced it; f replaced e
    }
  }

  @Test func cancellingTheConsumerCancelsTheUpstream() async {
    await withTestClock { clock in
      let typing = clock.marbles("a-b-c-d-e-f|", step: .seconds(1))
      let drawn = await clock.marbles(
        of: typing.debounce(for: .seconds(1), clock: clock), step: .seconds(1), cancelledAt: 4)
      #expect(drawn == "-a-b")
      #expect(typing.iterations.map(\.ending) == [.cancelled])
      #expect(typing.iterations.first?.ended == TestClock.Instant(offset: .seconds(4)))
      #expect(clock.pendingSleeperCount == 0)
    }
  }

  @Test func aConsumerCancelledWhileBusyCancelsTheUpstreamToo() async {
    await withTestClock { clock in
      let typing = clock.marbles("a-b-c-d|", step: .seconds(1))
      let drawn = await clock.marbles(of: typing, step: .seconds(1), busySteps: 2, cancelledAt: 3)
      #expect(drawn == "a-b")
      #expect(typing.iterations.map(\.ending) == [.cancelled])
    }
  }

  @Test func deadlinesFinerThanTheStepAreBoundedToo() async {
    await expectIssues(["the clock advanced 320 times before step 5"]) {
      await withTestClock { clock in
        let polling = Ticks(clock: clock, period: .milliseconds(1))
        _ = await clock.marbles(of: polling, step: .seconds(1), maxSteps: 5)
      }
    }
  }

  @Test func aHugeStepLimitIsNoCrash() async {
    await withTestClock { clock in
      let letters = clock.marbles("a-b|", step: .seconds(100))
      #expect(await clock.marbles(of: letters, step: .seconds(100), maxSteps: .max) == "a-b|")
    }
  }

  @Test func aDiagramWithoutAnEndingWaitsWithoutSleepingOnTheClock() async {
    await withTestClock { clock in
      let open = clock.marbles("a-b", step: .seconds(1))
      // Nothing more can happen after b: the drawing returns, and cancels the iteration.
      #expect(await clock.marbles(of: open, step: .seconds(1)) == "a-b")
      #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
      #expect(open.iterations.map(\.ending) == [.cancelled])
      #expect(clock.pendingSleeperCount == 0)
    }
  }

  @Test func anOperatorsTrailingEdgeOverAnOpenUpstreamStillComesOut() async {
    await withTestClock { clock in
      let open = clock.marbles("ab", step: .seconds(1))
      let drawn = await clock.marbles(
        of: open.throttle(for: .seconds(3), clock: clock), step: .seconds(1))
      #expect(drawn == "a--b")
    }
  }

  @Test func aRepeatingTimerStopsAtTheStepLimit() async {
    await withTestClock { clock in
      let drawn = await clock.marbles(of: Ticks(clock: clock), step: .seconds(1), maxSteps: 50)
      #expect(drawn == "")
      #expect(clock.now <= TestClock.Instant(offset: .seconds(50)))
      #expect(clock.pendingSleeperCount == 0)
    }
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
