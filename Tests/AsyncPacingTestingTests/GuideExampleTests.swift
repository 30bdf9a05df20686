import AsyncPacing
import AsyncPacingTesting
import Testing

/// The examples of the testing guide ("Testing with marble diagrams", "Recording a sequence"),
/// as written there: if one stops compiling or passing, the guide is wrong.
@Suite struct GuideExampleTests {
  /// Getting Started's first test, as written there: no clock injected.
  @Test(.testClock) func aDraftIsSavedOncePerPause() async {
    let clock = TestClock.current
    let (edits, typing) = AsyncStream.makeStream(of: String.self)
    let saves = edits.debounce(for: .seconds(1))  // on the test's clock
    async let saved = saves.reduce(into: [String]()) { $0.append($1) }

    typing.yield("Hel")
    await clock.advance(by: .milliseconds(500))
    typing.yield("Hello")  // replaces "Hel" before its second is up
    // a full second of quiet: "Hello" is saved
    await clock.advance(by: .seconds(1))
    typing.yield("Hello, world")
    typing.finish()  // input ends: the pending edit comes out now
    let savedTexts = await saved
    #expect(savedTexts == ["Hello", "Hello, world"])
  }

  @Test func searchWaitsForAPause() async {
    // Plain form: the guide writes this example with withTestClock.
    await withTestClock { clock in
      let queries = clock.marbles("a-b-c-----d|", step: .milliseconds(100))
      let searched = await clock.marbles(
        of: queries.debounce(for: .milliseconds(300), clock: clock), step: .milliseconds(100))
      #expect(searched == "-------c---[d|]")
    }
  }

  @Test func aBusyConsumerAndACancelledOne() async {
    // Plain form: the guide writes this example with withTestClock.
    await withTestClock { clock in
      let typing = clock.marbles("a-b-c-d-e-f|", step: .seconds(1))
      let busy = await clock.marbles(
        of: typing.debounce(for: .seconds(1), clock: clock), step: .seconds(1), busySteps: 5)
      #expect(busy == "-a----c----f----|")  // a busy consumer gets the latest, not a backlog
      let cancelled = await clock.marbles(
        of: typing.debounce(for: .seconds(1), clock: clock), step: .seconds(1), cancelledAt: 4)
      #expect(cancelled == "-a-b")
      #expect(typing.iterations.last?.ending == .cancelled)
    }
  }

  func results<Failure: Error>(
    for queries: some AsyncSequence<String, Failure> & Sendable, clock: TestClock
  ) -> some AsyncSequence<[String], Failure> & Sendable {
    queries.debounce(for: .milliseconds(300), clock: clock).map { WordList.search($0) }
  }

  @Test(.testClock) func theSamePipelineTakesAMarbleDiagram() async {
    let clock = TestClock.current
    let queries = clock.marbles(
      "ab--c|", step: .milliseconds(100), values: ["a": "sw", "b": "swi", "c": "ob"])
    let counts = results(for: queries, clock: clock).map(\.count)
    #expect(await clock.marbles(of: counts, step: .milliseconds(100)) == "----4[2|]")
  }

  @Test func searchesOnceTypingPauses() async {
    // Plain form: the guide writes this example with withTestClock.
    await withTestClock { clock in
      let (queries, typing) = AsyncStream.makeStream(of: String.self)
      await clock.record(results(for: queries, clock: clock)) { results in
        typing.yield("sw")
        typing.yield("swi")
        await results.expectNoEvents()  // still inside the quiet period
        let found = await results.next()  // moves time to +0.3s
        #expect(found?.element == ["swift", "swiftui", "switch", "swim"])
        #expect(found?.instant == TestClock.Instant(offset: .milliseconds(300)))
        typing.finish()
        await results.expectFinish()
      }
    }
  }
}

/// The word list of the `ObservableSearch` example.
enum WordList {
  static let words = [
    "swift", "swiftui", "switch", "sweater", "sweden", "swim", "observation", "observable",
    "debounce", "throttle",
  ]

  static func search(_ query: String) -> [String] {
    words.filter { $0.hasPrefix(query) }
  }
}
