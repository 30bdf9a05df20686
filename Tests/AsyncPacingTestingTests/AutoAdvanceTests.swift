import AsyncPacing
import AsyncPacingTesting
import Synchronization
import Testing

/// With auto-advance, time advances to the next deadline whenever everything waits, exactly.
@Suite struct AutoAdvanceTests {
  @Test func forAwaitOverADebouncedSequenceFinishesAtTheExactInstants() async {
    let seen = await withTestClock(advancing: .automatic) { clock in
      let typing = clock.marbles("a-b-c-----d|", step: .milliseconds(100))
      var seen: [String] = []
      do {
        for try await query in typing.debounce(for: .milliseconds(300), clock: clock) {
          seen.append("\(query)@\(clock.now)")
        }
      } catch {
        seen.append("error \(error)")
      }
      return seen
    }
    #expect(seen == ["c@+0.7s", "d@+1.1s"])
  }

  @Test func aThrottlerRunsAtItsWindowsWithTheBodySleeping() async {
    let starts = await withTestClock(advancing: .automatic) { clock in
      let starts = Mutex<[String]>([])
      let show = Throttler(for: .seconds(2), clock: clock) { (value: String) in
        starts.withLock { $0.append("\(value)@\(clock.now)") }
      }
      for value in ["a", "b", "c", "d", "e"] {
        show(value)
        try? await clock.sleep(for: .seconds(1))
      }
      try? await clock.sleep(for: .seconds(10))
      return starts.withLock { $0 }
    }
    #expect(starts == ["a@+0s", "b@+2s", "d@+4s", "e@+6s"])
  }

  @Test func manualAdvancesStillWorkAndAutoAdvanceWaitsForThem() async {
    await withTestClock(advancing: .automatic) { clock in
      await clock.advance(by: .seconds(3))
      #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
      try? await clock.sleep(for: .seconds(2))
      #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
    }
  }

  @Test func aPlainWithTestClockAdvancesAutomaticallyToo() async {
    let instant = await withTestClock(advancing: .automatic) { clock in
      try? await clock.sleep(until: TestClock.Instant(offset: .seconds(42)))
      return clock.now
    }
    #expect(instant == TestClock.Instant(offset: .seconds(42)))
  }
}
