import AsyncPacingTesting
import IssueCapture
import Testing

@testable import AsyncPacing

/// <doc:PacingContract>, "Time that never comes": every duration is accepted, a far deadline is
/// slept toward in chunks a real clock can take, and the package's virtual clocks take any
/// deadline in one step.
@Suite(.capturesIssues) struct FarDeadlineTests {
  static let chunk = Duration.seconds(3_155_760_000)

  @Test(.testClock) func aDeadlineARealClockCannotTakeIsSleptTowardInChunks() async {
    let host = TestClock.current
    let clock = MisbehavingClock(.strict, on: host)
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    let debounced = upstream.debounce(
      for: .seconds(Int64.max), tolerance: .seconds(Int64.max), clock: clock)
    await host.record(debounced) { debounced in
      feed.yield("a")
      await host.settle()
      #expect(clock.deadlines == [Self.chunk])
      await host.advance(by: Self.chunk)
      #expect(clock.deadlines == [Self.chunk, Self.chunk * 2])
      #expect(clock.untakableDeadlines == 0, "no deadline or tolerance past Int64 seconds")
      feed.finish()
      #expect(await debounced.nextElement() == "a")
      await debounced.expectFinish()
    }
    await OperatorHarness.expectNothingLeft(on: host)
  }

  @Test(.testClock) func aThrottleWindowOfTheLongestDurationIsSleptTowardInChunksToo() async {
    let host = TestClock.current
    let clock = MisbehavingClock(.strict, on: host)
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    let throttled = upstream.throttle(for: Duration(attoseconds: .max), clock: clock)
    await host.record(throttled) { throttled in
      feed.yield("a")
      feed.yield("b")
      #expect(await throttled.nextElement() == "a")
      await host.settle()
      #expect(clock.deadlines == [Self.chunk])
      throttled.ignoreRemainingEvents()
    }
    await OperatorHarness.expectNothingLeft(on: host)
  }

  /// `TestClock`, and an `AnyClock` wrapping it, are never chunked: one `advance` reaches a
  /// deadline 10²⁰ seconds away.
  @Test func virtualClocksTakeAnyDeadlineInOneStep() async {
    let far = Duration.seconds(Int64.max) * 10
    for wrapped in [false, true] {
      // Plain form: a fresh clock for each wrapping, and the trait gives a test only one.
      await withTestClock { clock in
        await Self.expectOneDeadline(debouncing: far, on: clock, wrapped: wrapped) {
          feed, debounced in
          #expect(await debounced.nextElement() == "a")
          #expect(clock.now == TestClock.Instant(offset: far))
          feed.finish()
          await debounced.expectFinish()
        }
        await OperatorHarness.expectNothingLeft(on: clock)
      }
    }
  }

  /// An iteration that starts after the clock's zero puts a deadline of the longest period
  /// past the clock's last instant: the package's instants saturate there instead of trapping.
  @Test func theLongestPeriodAfterTheClocksStartEndsAtItsLastInstant() async {
    let longest = Duration(attoseconds: .max)
    for wrapped in [false, true] {
      // Plain form: a fresh clock for each wrapping, and the trait gives a test only one.
      await withTestClock { clock in
        await clock.advance(by: .seconds(1))
        await Self.expectOneDeadline(debouncing: longest, on: clock, wrapped: wrapped) {
          feed, debounced in
          feed.finish()
          #expect(await debounced.nextElement() == "a")
          await debounced.expectFinish()
        }
        let ran = Recorder<String>()
        let debouncer = Debouncer(for: longest, clock: clock) { (value: String) in
          ran.record(value)
        }
        debouncer.send("b")
        await clock.settle()
        debouncer.flush()
        await clock.settle()
        #expect(ran.recorded == ["b"])
        await OperatorHarness.expectNothingLeft(on: clock)
      }
    }
    let immediate = ImmediateClock()
    try? await immediate.sleep(for: .seconds(1))
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    feed.yield("c")
    feed.finish()
    var received: [String] = []
    for await value in upstream.debounce(for: longest, clock: immediate) { received.append(value) }
    #expect(received == ["c"])
  }

  @Test(.testClock) func aPacerOfTheLongestDurationRunsAtAFlush() async {
    let clock = TestClock.current
    let ran = Recorder<String>()
    let debouncer = Debouncer(for: Duration(attoseconds: .max), clock: clock) {
      (value: String) in ran.record(value)
    }
    await clock.advance(by: .seconds(1))
    debouncer.send("a")
    await clock.advance(by: .seconds(Int64.max))
    #expect(ran.recorded.isEmpty, "a quiet period that never ends")
    #expect(clock.pendingSleeperCount == 0, "nothing sleeps toward never")
    debouncer.flush()
    await clock.settle()
    #expect(ran.recorded == ["a"])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  /// A wiring test on the real clocks, whose sleep traps on such a deadline unless it is
  /// chunked: the timer sleeps (if the machine is quick enough to get there) and nothing stops.
  @Test func theRealClocksTakeTheLongestDurations() async {
    let durations: [Duration] = [.seconds(Int64.max), Duration(attoseconds: .max)]
    for duration in durations {
      #expect(await Self.lastOfTwo(debouncedFor: duration, on: ContinuousClock()) == [2])
      #expect(await Self.lastOfTwo(debouncedFor: duration, on: SuspendingClock()) == [2])
    }
    let ran = Recorder<Int>()
    let throttler = Throttler(for: .seconds(Int64.max), clock: ContinuousClock()) {
      (value: Int) in ran.record(value)
    }
    let debouncer = Debouncer(for: .seconds(Int64.max), clock: ContinuousClock()) {
      (value: Int) in ran.record(value)
    }
    throttler.send(1)
    // The leading action runs before 2 is sent: a value flushed before it began would replace
    // it (the pacing contract, "The callback pacers"), and a loaded machine can take longer
    // than the pause below to start it.
    await ran.wait(forCount: 1)
    throttler.send(2)
    debouncer.send(3)
    try? await Task.sleep(for: .milliseconds(20))
    debouncer.flush()
    throttler.flush()
    await ran.wait(forCount: 3)
    #expect(Set(ran.recorded) == [1, 2, 3])
  }

  /// Debounces "a" for `interval` on `clock`, or on an `AnyClock` wrapping it, and expects
  /// the one deadline `interval` after the clock's zero, saturated; `deliver` then takes it.
  private static func expectOneDeadline(
    debouncing interval: Duration, on clock: TestClock, wrapped: Bool,
    then deliver: (AsyncStream<String>.Continuation, SequenceRecorder<String>) async -> Void
  ) async {
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    let debounced: any AsyncSequence<String, Never> & Sendable =
      wrapped
      ? upstream.debounce(for: interval, clock: AnyClock(clock))
      : upstream.debounce(for: interval, clock: clock)
    await clock.record(debounced) { debounced in
      feed.yield("a")
      await clock.settle()
      #expect(clock.nextDeadline == TestClock.Instant(offset: interval), "wrapped: \(wrapped)")
      await deliver(feed, debounced)
    }
  }

  private static func lastOfTwo<C: Clock<Duration>>(
    debouncedFor duration: Duration, on clock: C
  ) async -> [Int] {
    let (upstream, feed) = AsyncStream.makeStream(of: Int.self)
    let debounced = upstream.debounce(for: duration, tolerance: duration, clock: clock)
    async let received: [Int] = {
      var values: [Int] = []
      for await value in debounced { values.append(value) }
      return values
    }()
    feed.yield(1)
    try? await Task.sleep(for: .milliseconds(20))
    feed.yield(2)
    feed.finish()
    return await received
  }
}
