import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// <doc:PacingContract>, "Clocks that misbehave" and "Time that never comes": no clock makes a
/// timer spin or crash, and a sequence over it still finishes with its last element.
@Suite(.testClock) struct MisbehavingClockTests {
  /// The most sleeps a timer makes for one deadline the clock never brings closer: the stalls
  /// that make it give up (a first wake-up at which `now` has not moved is one already).
  static let sleepsBeforeGivingUp = PacingTimerProgress<ElapsedInstant<Duration>>.stallLimit

  @Test func aFrozenNowCostsBoundedSleepsAndTheThrottleStillFinishes() async {
    let host = TestClock.current
    let clock = MisbehavingClock(.frozen, on: host)
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    await host.record(upstream.throttle(for: .seconds(1), clock: clock)) { throttled in
      feed.yield("a")
      feed.yield("b")
      await host.settle()
      #expect(clock.sleepCalls == Self.sleepsBeforeGivingUp)
      await host.settle()
      #expect(clock.sleepCalls == Self.sleepsBeforeGivingUp, "the timer gave up")
      #expect(await throttled.nextElement() == "a")
      // The window's end never came: the finish emits its candidate at once.
      feed.finish()
      #expect(await throttled.nextElement() == "b")
      await throttled.expectFinish()
    }
    await OperatorHarness.expectNothingLeft(on: host)
  }

  @Test func aSleepThatThrowsIsTriedABoundedNumberOfTimes() async {
    let host = TestClock.current
    let clock = MisbehavingClock(.throwing, on: host)
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    await host.record(upstream.debounce(for: .seconds(1), clock: clock)) { debounced in
      feed.yield("a")
      await host.settle()
      // `now` moves at every reading: only the errors count.
      #expect(clock.sleepCalls == PacingTimerProgress<ElapsedInstant<Duration>>.stallLimit)
      feed.yield("b")
      await host.settle()
      #expect(clock.sleepCalls == 2 * PacingTimerProgress<ElapsedInstant<Duration>>.stallLimit)
      feed.finish()
      #expect(await debounced.nextElement() == "b")
      await debounced.expectFinish()
    }
    await OperatorHarness.expectNothingLeft(on: host)
  }

  /// A pacer on a clock that never brings its deadline closer gives up after the stall limit,
  /// holds its value with no task, and runs it on a flush: a clock whose sleep throws, one whose
  /// `now` creeps by slivers (the adversarial probe's: before, one pending value made 3.27
  /// million sleep calls in 1.5 s), and one whose `now` jumped back below the machine's time
  /// (progress is judged on the clock's own readings, not the machine's clamped instant).
  @Test(arguments: [MisbehavingClock.Behaviour.throwing, .creeping, .rewinding])
  func aPacerWhoseTimerGaveUpHoldsItsValueWithNoTaskUntilAFlush(
    _ behaviour: MisbehavingClock.Behaviour
  ) async {
    let host = TestClock.current
    let clock = MisbehavingClock(behaviour, on: host)
    let ran = Recorder<String>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: String) in
      ran.record(value)
    }
    debouncer.send("a")
    await host.settle()
    #expect(clock.sleepCalls == PacingTimerProgress<ElapsedInstant<Duration>>.stallLimit)
    #expect(host.internalTasks.liveCount == 0, "the burst ended: one timer, no child tasks")
    #expect(ran.recorded.isEmpty)
    debouncer.flush()
    await host.settle()
    #expect(ran.recorded == ["a"])
    await OperatorHarness.expectNothingLeft(on: host)
  }

  @Test func aSequenceOnACreepingNowStillFinishesWithItsValue() async {
    let host = TestClock.current
    let clock = MisbehavingClock(.creeping, on: host)
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    await host.record(upstream.debounce(for: .seconds(1), clock: clock)) { debounced in
      feed.yield("b")
      await host.settle()
      feed.finish()
      #expect(await debounced.nextElement() == "b")
      await debounced.expectFinish()
    }
    #expect(clock.sleepCalls == PacingTimerProgress<ElapsedInstant<Duration>>.stallLimit)
    await OperatorHarness.expectNothingLeft(on: host)
  }

  /// `withTimeout`'s timer keeps the same rule: it gives up on a deadline the clock creeps
  /// toward, and the operation's value is the call's.
  @Test(.testClock(advancing: .automatic)) func aTimeoutOnACreepingClockGivesUpToo() async {
    let host = TestClock.current
    let clock = MisbehavingClock(.creeping, on: host)
    let start = host.now
    let gate = OperationGate()
    async let opened: Void = gate.open(at: start.advanced(by: .seconds(3)), on: host)
    let value = try? await withTimeout(for: .seconds(1), clock: clock) { () async -> Int in
      await gate.wait()
      return 3
    }
    await opened
    #expect(value == 3)
    #expect(clock.sleepCalls == PacingTimerProgress<ElapsedInstant<Duration>>.stallLimit)
  }

  @Test func aSleepThatEndsEarlySleepsAgainForTheRest() async {
    let host = TestClock.current
    let clock = MisbehavingClock(.early, on: host)
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    await host.record(upstream.debounce(for: .seconds(1), clock: clock)) { debounced in
      feed.yield("a")
      await host.settle()
      #expect(await debounced.nextElement() == "a")
      #expect(clock.deadlines == [.seconds(1), .seconds(1)])
      feed.finish()
      await debounced.expectFinish()
    }
    await OperatorHarness.expectNothingLeft(on: host)
  }

  @Test(arguments: [Duration.milliseconds(10), .nanoseconds(1)])
  func aCoarseNowStillDeliversTheTrailingEdge(claimedResolution: Duration) async {
    let host = TestClock.current
    let clock = MisbehavingClock(
      .coarse(resolution: .milliseconds(10), claimedResolution: claimedResolution), on: host)
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    await host.record(upstream.debounce(for: .milliseconds(15), clock: clock)) { debounced in
      feed.yield("a")
      await host.settle()
      #expect(await debounced.nextElement() == "a")
      // Honest: the deadline, once more, then once past it by the resolution. Claiming 1 ns:
      // the overshoot doubles until the coarse `now` passes 15 ms, at 20 ms.
      #expect(clock.sleepCalls == (claimedResolution == .nanoseconds(1) ? 26 : 3))
      feed.finish()
      await debounced.expectFinish()
    }
    await OperatorHarness.expectNothingLeft(on: host)
  }
}
