import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// What the per-element debounce promises beyond its diagrams.
@Suite struct PerElementDebounceTests {
  @Test func theClosureIsCalledOncePerElementAsItArrives() async {
    let calls = Mutex<[String]>([])
    let drawn = await withTestClock { clock in
      let queries = clock.marbles("a-b-c|", step: .seconds(1))
      return await clock.marbles(
        of: queries.debounce(
          for: { query in
            calls.withLock { $0.append("\(query)@\(clock.now)") }
            return .seconds(1)
          }, clock: clock), step: .seconds(1))
    }
    #expect(drawn == "-a-b-[c|]")
    #expect(calls.withLock { $0 } == ["a@+0s", "b@+2s", "c@+4s"])
  }

  @Test func aNegativeIntervalCountsAsZeroAndATooLongOneNeverEnds() async {
    let drawn = await withTestClock { clock in
      let queries = clock.marbles("a-b---|", step: .seconds(1))
      return await clock.marbles(
        of: queries.debounce(
          for: { $0 == "a" ? .seconds(-5) : Duration(attoseconds: .max) },
          clock: clock), step: .seconds(1))
    }
    #expect(drawn == "a-----[b|]")  // b waits for the finish
  }

  @Test func aTrailingClosureIsThePerElementForm() async {
    await withTestClock { clock in
      let (queries, typing) = AsyncStream.makeStream(of: String.self)
      let searches: some AsyncSequence<String, Never> = queries.debounce {
        $0.isEmpty ? .zero : .milliseconds(300)
      }
      typing.finish()
      for await _ in searches {}
      _ = clock
    }
  }

  @Test func aClockStoredAsAnExistentialKeepsTheTestExecutor() async {
    await withTestClock { clock in
      let erased: any Clock<Duration> = clock
      let queries = clock.marbles("ab--c|", step: .seconds(1))
      let drawn = await clock.marbles(
        of: queries.debounce(for: { $0 == "b" ? .seconds(2) : .zero }, clock: erased),
        step: .seconds(1))
      #expect(drawn == "a--bc|")
      #expect(clock.diagnostics.isEmpty)
    }
  }

  @Test func aDebouncerTakesAnIntervalPerValue() async {
    await withTestClock { clock in
      let searched = Mutex<[String]>([])
      let search = Debouncer(
        for: { (query: String) in query.isEmpty ? .zero : .milliseconds(300) }, clock: clock
      ) { query in searched.withLock { $0.append("\(query)@\(clock.now)") } }
      search("swift")
      await clock.advance(by: .milliseconds(100))
      search("")
      await clock.settle()
      search("ui")
      await clock.advance(by: .seconds(1))
      #expect(searched.withLock { $0 } == ["@+0.1s", "ui@+0.4s"])
    }
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
