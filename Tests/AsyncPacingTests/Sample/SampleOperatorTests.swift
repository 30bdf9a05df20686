import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// What the sample operator promises beyond its diagrams.
@Suite struct SampleOperatorTests {
  @Test(.testClock) func anIdleSampleLeavesNoSleeperOnTheClock() async {
    let clock = TestClock.current
    let (readings, feed) = AsyncStream.makeStream(of: Int.self)
    async let sampled = readings.sample(every: .seconds(1), clock: clock)
      .reduce(into: [String]()) { $0.append("\($1)@\(clock.now)") }
    await clock.advance(by: .seconds(10))
    #expect(clock.pendingSleeperCount == 0)
    feed.yield(1)
    await clock.settle()
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(11)))
    await clock.advance(by: .seconds(1))
    feed.finish()
    let samples = await sampled
    #expect(samples == ["1@+11s"])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test(.testClock) func theTicksCountFromTheFirstNext() async {
    let clock = TestClock.current
    let (readings, feed) = AsyncStream.makeStream(of: Int.self)
    let sampled = readings.sample(every: .seconds(2), clock: clock)
    await clock.advance(by: .seconds(1))  // nobody iterates yet
    async let first: Int? = {
      var iterator = sampled.makeAsyncIterator()
      return await iterator.next()
    }()
    await clock.settle()
    feed.yield(7)
    await clock.advance(by: .seconds(2))
    let value = await first
    #expect(value == 7)
    #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
    feed.finish()
  }

  @Test(.testClock) func aBusyConsumerGetsTheLatestSample() async {
    let clock = TestClock.current
    let readings = clock.marbles("abcdefgh|", step: .seconds(1))
    // Back at 4, 7 and 10 it gets the latest sample due by then; the finish waits behind h.
    await clock.expectMarbles(
      "-a--d--g--h--|", of: readings.sample(every: .seconds(1), clock: clock), step: .seconds(1),
      busySteps: 3)
  }

  @Test(.testClock) func aNonThrowingUpstreamNeedsNoTry() async {
    let clock = TestClock.current
    let (readings, feed) = AsyncStream.makeStream(of: Int.self)
    feed.finish()
    let sampled: some AsyncSequence<Int, Never> = readings.sample(
      every: .seconds(1), clock: clock)
    for await _ in sampled {}
  }

  @Test func aZeroIntervalIsRefusedWithItsName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (readings, _) = AsyncStream.makeStream(of: Int.self)
      _ = readings.sample(every: .zero)
    }
    #expect(
      standardError(of: result).contains(
        "sample(every:): `interval` must be greater than zero (got 0.0 seconds)"))
  }
}
