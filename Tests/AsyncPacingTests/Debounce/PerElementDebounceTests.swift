import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// What the per-element debounce promises beyond its diagrams.
@Suite struct PerElementDebounceTests {
  @Test(.testClock) func theClosureIsCalledOncePerElementAsItArrives() async {
    let clock = TestClock.current
    let calls = Mutex<[String]>([])
    let queries = clock.marbles("a-b-c|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: queries.debounce(
        for: { query in
          calls.withLock { $0.append("\(query)@\(clock.now)") }
          return .seconds(1)
        }, clock: clock), step: .seconds(1))
    #expect(drawn == "-a-b-[c|]")
    #expect(calls.withLock { $0 } == ["a@+0s", "b@+2s", "c@+4s"])
  }

  @Test(.testClock) func aNegativeIntervalCountsAsZeroAndATooLongOneNeverEnds() async {
    let clock = TestClock.current
    let queries = clock.marbles("a-b---|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: queries.debounce(
        for: { $0 == "a" ? .seconds(-5) : Duration(attoseconds: .max) },
        clock: clock), step: .seconds(1))
    #expect(drawn == "a-----[b|]")  // b waits for the finish
  }

  @Test(.testClock) func aTrailingClosureIsThePerElementForm() async {
    let (queries, typing) = AsyncStream.makeStream(of: String.self)
    let searches: some AsyncSequence<String, Never> = queries.debounce {
      $0.isEmpty ? .zero : .milliseconds(300)
    }
    typing.finish()
    for await _ in searches {}
  }

  @Test(.testClock) func aDebouncerTakesAnIntervalPerValue() async {
    let clock = TestClock.current
    let searched = Mutex<[String]>([])
    let interval = { @Sendable (query: String) -> Duration in
      query.isEmpty ? .zero : .milliseconds(300)
    }
    let search = Debouncer(for: interval, clock: clock) { query in
      searched.withLock { $0.append("\(query)@\(clock.now)") }
    }
    search("swift")
    await clock.advance(by: .milliseconds(100))
    search("")
    await clock.settle()
    search("ui")
    await clock.advance(by: .seconds(1))
    #expect(searched.withLock { $0 } == ["@+0.1s", "ui@+0.4s"])
  }

  @Test func aNegativeMaxWaitIsRefusedWithItsName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (queries, _) = AsyncStream.makeStream(of: String.self)
      _ = queries.debounce(for: { _ in .seconds(1) }, maxWait: .seconds(-1))
    }
    #expect(
      standardError(of: result).contains(
        "debounce: `maxWait` must not be negative (got -1.0 seconds)"))
  }
}
