import AsyncPacing
import AsyncPacingTesting
import Synchronization
import Testing

/// The trait gives each test, and each test of a suite, a fresh clock.
@Suite(.testClock) struct TestClockTraitTests {
  @Test func eachTestStartsAtZeroOnItsOwnClock() async {
    let clock = TestClock.current
    #expect(clock.now == TestClock.Instant())
    #expect(clock.taskExecutor != nil)
    await clock.advance(by: .seconds(5))
    #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
  }

  @Test(arguments: 1...3) func eachCaseHasItsOwnClock(seconds: Int) async {
    let clock = TestClock.current
    #expect(clock.now == TestClock.Instant())
    await clock.advance(by: .seconds(seconds))
    #expect(clock.now.offset == .seconds(seconds))
  }

  @Test func aDebouncerSettlesExactlyOnTheTraitsClock() async {
    let clock = TestClock.current
    let saves = Mutex<[TestClock.Instant]>([])
    let save = Debouncer(for: .seconds(1), clock: clock) { saves.withLock { $0.append(clock.now) } }
    save()
    await clock.advance(by: .milliseconds(500))
    save()
    await clock.advance(by: .seconds(1))
    let saved = saves.withLock { $0 }
    #expect(saved == [TestClock.Instant(offset: .milliseconds(1500))])
  }

  @Test(.testClock(advancing: .automatic)) func theTestsOwnTraitWinsOverTheSuites() async {
    // Only an automatic clock returns from this sleep with nobody advancing.
    try? await TestClock.current.sleep(for: .seconds(60))
    #expect(TestClock.current.now == TestClock.Instant(offset: .seconds(60)))
  }

  @Suite struct Nested {
    @Test func aNestedSuitesTestHasAClockToo() async {
      await TestClock.current.advance(by: .seconds(1))
      #expect(TestClock.current.now.offset == .seconds(1))
    }
  }
}

@Test(.testClock) func aSingleTestTakesTheTrait() async {
  await GuideSearch.expectRecorded(on: TestClock.current)
}

@MainActor @Test(.testClock) func aMainActorTestTakesTheTrait() async {
  let clock = TestClock.current
  let shown = Mutex<[String]>([])
  let greet = Debouncer(for: .seconds(1), clock: clock) { @MainActor in
    shown.withLock { $0.append("hello") }
  }
  greet()
  await clock.advance(by: .seconds(1))
  #expect(shown.withLock { $0 } == ["hello"])
}

/// The README's trait example, as it is written there.
@Test(.testClock(advancing: .automatic)) func searchesTheLastQuery() async throws {
  let clock = TestClock.current
  let typing = clock.marbles("a-b-c|", step: .milliseconds(100))
  var searched: [String] = []
  for try await query in typing.debounce(for: .milliseconds(300), clock: clock) {
    searched.append(query)
  }
  #expect(searched == ["c"])
}

/// One trait value, stored once and put on both a suite and its test, gives the test one clock.
@Suite(SharedTrait.automatic) struct SharedTraitTests {
  @Test(SharedTrait.automatic) func aSharedTraitGivesOneClock() async {
    let clock = TestClock.current
    // Without the inner scope stepping aside, two clocks would nest (counted: 2 scopes, now 1).
    try? await clock.sleep(for: .seconds(60))
    #expect(clock.now == TestClock.Instant(offset: .seconds(60)))
    #expect(TestClock.current === clock)
  }
}

enum SharedTrait {
  static let automatic = TestClockTrait.testClock(advancing: .automatic)
}
