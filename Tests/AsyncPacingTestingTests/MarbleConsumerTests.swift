import AsyncPacing
import AsyncPacingTesting
import Testing

/// What the drawing's consumer can do besides waiting: be busy, be cancelled; and when the
/// drawing stops by itself.
@Suite struct MarbleConsumerTests {
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

/// Sleeps one second on the clock, forever, and never produces an element.
struct Ticks: AsyncSequence, Sendable {
  let clock: TestClock

  struct AsyncIterator: AsyncIteratorProtocol {
    let clock: TestClock
    mutating func next() async throws -> Int? {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(clock: clock) }
}
