import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Synchronization
import Testing

/// The one seam between AsyncPacing and test time, used as another library would: any host
/// bound as `PacingDefaults.clock` runs the forms without `clock:`, and a host hears the events
/// the seam promises.
@Suite(.capturesIssues) struct PacingHostTests {
  @Test func aBoundHostRunsTheFormsWithoutAClock() async {
    // An immediate clock is a host whose sleeps take any deadline at once: a debouncer of a
    // thousand seconds made where it is bound runs its action without waiting.
    let host = ImmediateClock()
    let (ran, done) = AsyncStream.makeStream(of: Int.self)
    let save = PacingDefaults.$clock.withValue(host) {
      Debouncer(for: .seconds(1_000)) { (value: Int) in done.yield(value) }
    }
    save.send(7)
    var values = ran.makeAsyncIterator()
    let value = await values.next()
    #expect(value == 7)
    #expect(host.now == ImmediateClock.Instant(offset: .seconds(1_000)))
  }

  @Test func outsideAScopeTheFormsWithoutAClockAreReal() {
    #expect(PacingDefaults.clock == nil)
  }

  @Test(.testClock) func aRealClockChosenInAScopeIsHeard() {
    let clock = TestClock.current
    let (queries, _) = AsyncStream.makeStream(of: String.self)
    _ = queries.debounce(for: .seconds(1), clock: ContinuousClock())
    _ = queries.throttle(for: .seconds(1), clock: SuspendingClock())
    _ = Debouncer(for: .seconds(1), clock: ContinuousClock()) { (_: Int) in }
    // Erased, a real clock is still one: wrapped by hand, or by the `any Clock` forms.
    _ = queries.debounce(for: .seconds(1), clock: AnyClock(ContinuousClock()))
    let erased: any Clock<Duration> = SuspendingClock()
    _ = queries.sample(every: .seconds(1), clock: erased)
    // Neither the test's own clock nor a form without a clock is a choice to hear of.
    _ = queries.debounce(for: .seconds(1), clock: clock)
    _ = queries.sample(every: .seconds(1))
    #expect(
      clock.hostNotes.realClockChoices == [
        "debounce(for:clock:) on ContinuousClock", "throttle(for:clock:) on SuspendingClock",
        "Debouncer(for:clock:) on ContinuousClock", "debounce(for:clock:) on ContinuousClock",
        "sample(every:clock:) on SuspendingClock",
      ])
  }

  @Test func aPacerReleasedHoldingAValueIsHeard() async {
    // The test clock, hearing it, fails the test: the value was lost.
    await expectIssues([LostValue.reported(by: "Debouncer<String>")]) {
      await withTestClock { clock in
        do {
          let save = Debouncer(for: .seconds(1)) { (_: String) in }
          save.send("draft")
          let idle = Throttler(for: .seconds(1), edges: .trailing) { (_: Int) in }
          _ = idle
        }  // both released here; only the debouncer held a value
        await clock.settle()
        #expect(clock.hostNotes.releasedPacersHoldingValues == ["Debouncer<String>"])
      }
    }
  }

  @Test(.testClock) func aMainActorActionJoinsTheHost() async {
    // The host hears it once, when the pacer is made: the test clock then settles the main
    // actor too, and the action has run when the advance returns.
    let clock = TestClock.current
    let ran = Mutex(false)
    let save = Debouncer(for: .seconds(1), clock: clock) { @MainActor in ran.withLock { $0 = true }
    }
    save()
    await clock.advance(by: .seconds(1))
    #expect(ran.withLock { $0 })
  }
}
