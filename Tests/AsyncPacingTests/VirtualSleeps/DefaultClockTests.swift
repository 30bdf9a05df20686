import AsyncPacing
import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing
@testable import AsyncPacingTestClock

/// Operators and pacers made without a `clock:` follow the enclosing test clock; an explicit
/// `ContinuousClock()` stays real.
@Suite struct DefaultClockTests {
  @Test(.testClock) func aDebounceWithoutAClockFollowsTheTestClock() async {
    let clock = TestClock.current
    let (queries, typing) = AsyncStream.makeStream(of: String.self)
    let debounced = queries.debounce(for: .milliseconds(300))  // the clock is captured here
    async let searched = debounced.reduce(into: [String]()) { $0.append($1) }
    typing.yield("S")
    await clock.advance(by: .milliseconds(100))
    typing.yield("Swift")
    await clock.advance(by: .milliseconds(300))
    typing.finish()
    let queriesSearched = await searched
    #expect(queriesSearched == ["Swift"])
  }

  @Test(.testClock) func anExplicitContinuousClockStaysReal() async {
    let clock = TestClock.current
    let (ticks, feed) = AsyncStream.makeStream(of: Int.self)
    let emitted = Mutex<[Int]>([])
    let consumer = Task(executorPreference: clock.taskExecutor) {
      for await tick in ticks.debounce(for: .seconds(3600), clock: ContinuousClock()) {
        emitted.withLock { $0.append(tick) }
      }
    }
    feed.yield(1)
    await clock.advance(by: .seconds(3600))
    #expect(emitted.withLock { $0 }.isEmpty)  // an hour of virtual time is no real hour
    consumer.cancel()
    feed.finish()
    await consumer.value
  }

  @Test func theInnermostTestClockWins() async {
    // Plain form: the test nests two clocks.
    await withTestClock { outer in
      await withTestClock { inner in
        let saved = Mutex(0)
        let save = Debouncer(for: .seconds(1)) { saved.withLock { $0 += 1 } }
        save()
        await inner.advance(by: .seconds(1))
        #expect(saved.withLock { $0 } == 1)
        #expect(outer.now == TestClock.Instant())
      }
    }
  }

  @Test func outsideATestClockTheDefaultIsTheContinuousClock() {
    #expect(PacingDefaults.clock == nil)
  }
}

/// The rule that recovers a real-clock sleep's duration from its deadline.
@Suite struct RecoveredDurationTests {
  @Test func theRoundestDurationInTheRangeIsChosen() {
    // (distance at arrival, time since the job started, recovered)
    let cases: [(Duration, Duration, Duration)] = [
      (.nanoseconds(99_999_990_400), .microseconds(11), .seconds(100)),
      (.nanoseconds(1_999_990_000), .microseconds(11), .seconds(2)),
      (.microseconds(2_495), .microseconds(4), .microseconds(2_495)),
      (.nanoseconds(1_234), .nanoseconds(5), .nanoseconds(1_234)),
      // Work before the call does not round 250 ms up to 300 ms.
      (.nanoseconds(249_999_000), .milliseconds(60), .milliseconds(250)),
      // A call held up 12 ms (a sanitizer, a loaded machine) is still 5 s, or 1.5 s.
      (.milliseconds(4_988), .milliseconds(12), .seconds(5)),
      (.milliseconds(1_488), .milliseconds(12), .milliseconds(1_500)),
      (.seconds(-1), .seconds(2), .zero),
      (.seconds(-2), .seconds(1), .zero),
    ]
    for (shortest, elapsed, expected) in cases {
      #expect(RecoveredDuration.roundest(from: shortest, elapsed: elapsed) == expected)
    }
  }

  /// With both cores busy, a main-actor debouncer's 300 ms `Task.sleep` was measured arriving
  /// 20 to 45 ms short, its work having run under a millisecond between stretches descheduled.
  @Test func timeDescheduledInLittleWorkWidensTheBound() {
    // (distance at arrival, time since the job started, of it waiting for a core, recovered)
    let cases: [(Duration, Duration, Duration, Duration)] = [
      (.nanoseconds(279_691_816), .microseconds(37_544), .microseconds(37_000), .milliseconds(300)),
      (.nanoseconds(257_727_741), .microseconds(61_263), .microseconds(60_800), .milliseconds(300)),
      // Just under and at the 1 ms of running that ends the widening.
      (.nanoseconds(279_691_816), .microseconds(37_544), .microseconds(36_545), .milliseconds(300)),
      (.nanoseconds(279_691_816), .microseconds(37_544), .microseconds(36_544), .milliseconds(280)),
      // More time waiting than elapsed, or absurd values, are held to the time elapsed.
      (.nanoseconds(279_691_816), .microseconds(37_544), .seconds(1), .milliseconds(300)),
      (.seconds(1), .zero, .seconds(9_223_372_036), .seconds(1)),
      // Without the time not running, the same arrival is 280 ms.
      (.nanoseconds(279_691_816), .microseconds(37_544), .zero, .milliseconds(280)),
      // After 12 ms of work, the time descheduled most likely lay in that work: 250 ms stays.
      (.nanoseconds(249_990_065), .microseconds(66_082), .microseconds(53_895), .milliseconds(250)),
      // Never beyond the time since the job started.
      (.milliseconds(250), .milliseconds(40), .microseconds(39_500), .milliseconds(250)),
    ]
    for (shortest, elapsed, notRunning, expected) in cases {
      #expect(
        RecoveredDuration.roundest(from: shortest, elapsed: elapsed, notRunning: notRunning)
          == expected)
    }
  }

  /// A hop's wait and time descheduled add up: 300 ms arrived 60 ms short, 30 ms of it in the
  /// queue, 30 waiting for a core, in half a millisecond of work. Either alone falls short.
  @Test func queuedAndDescheduledTimeWidenTogether() {
    func recovered(queued: Duration, notRunning: Duration) -> Duration {
      RecoveredDuration.roundest(
        from: .milliseconds(240), elapsed: .milliseconds(60.5), queued: queued,
        queuedLast: queued, notRunning: notRunning)
    }
    #expect(
      recovered(queued: .milliseconds(30), notRunning: .milliseconds(30)) == .milliseconds(300))
    #expect(recovered(queued: .milliseconds(30), notRunning: .zero) == .milliseconds(240))
    #expect(recovered(queued: .zero, notRunning: .milliseconds(30)) == .milliseconds(240))
  }
}
