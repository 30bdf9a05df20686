import AsyncPacing
import AsyncPacingTesting
import Synchronization
import Testing

/// `isPending` is true exactly while a value waits to be run.
@Suite(.testClock) struct PendingValueTests {
  @Test func aDebouncerIsPendingUntilTheActionStartsAndWhileAValueWaitsBehindIt() async {
    let clock = TestClock.current
    let search = Debouncer(for: .seconds(1), clock: clock) { (_: String) in
      try? await clock.sleep(for: .seconds(3))  // a slow action
    }
    #expect(!search.isPending)
    search("a")
    #expect(search.isPending)
    await clock.advance(by: .seconds(1))  // "a" starts
    #expect(!search.isPending)  // only the action runs
    search("b")
    await clock.advance(by: .seconds(1))  // "b" falls due while "a" runs: it waits
    #expect(search.isPending)
    await clock.advance(by: .seconds(1))
    #expect(search.isPending)
    await clock.advance(by: .seconds(1))  // "a" returns, "b" starts
    #expect(!search.isPending)
    search("c")
    #expect(search.isPending)
    search.cancel()
    #expect(!search.isPending)
    await clock.run()
  }

  @Test func aThrottlerIsPendingWhileACandidateWaitsForItsWindow() async {
    let clock = TestClock.current
    let starts = Mutex<[String]>([])
    let show = Throttler(for: .seconds(2), clock: clock) { (value: String) in
      starts.withLock { $0.append(value) }
    }
    show("a")
    await clock.settle()  // the leading value runs at once
    #expect(!show.isPending)
    show("b")
    #expect(show.isPending)
    await clock.advance(by: .seconds(2))  // the window's end runs "b"
    #expect(!show.isPending)
    #expect(starts.withLock { $0 } == ["a", "b"])
    await clock.run()
  }

  @Test func aValueDueAtOnceIsPendingUntilItsActionStartsOnItsActor() async {
    let clock = TestClock.current
    let search = Debouncer(for: .zero, clock: clock) { @MainActor (_: String) in }
    // While this holds the main actor, the due value cannot start there.
    await MainActor.run {
      search("a")
      #expect(search.isPending)
    }
    await clock.settle()
    #expect(!search.isPending)
  }
}
