import AsyncPacing
import AsyncPacingTesting
import SearchFeature
import Testing

// Each test is a timeline: the clock moves only when the test says so, and each advance runs
// everything that fell due, including the view model's main-actor search. Each main-actor value
// is read into a local before it is expected, so that a failure prints it.
@Suite struct SearchViewModelTests {
  @Test func typingQuicklySearchesOnlyTheSettledQuery() async {
    await withTestClock { clock in
      let service = FakeSearchService(clock: clock)
      let model = await SearchViewModel(service: service, clock: clock)

      for query in ["s", "sw", "swi", "swif"] {
        await model.queryChanged(query)
        await clock.advance(by: .milliseconds(100))
      }
      await model.queryChanged("swift")
      await clock.advance(by: .milliseconds(299))
      var results = await model.results
      #expect(results.isEmpty)
      #expect(service.queries.isEmpty)

      await clock.advance(by: .milliseconds(1))
      results = await model.results
      #expect(results == ["swift", "swiftui"])
      #expect(service.queries == ["swift"])
      expectSettledCleanly(clock)
    }
  }

  @Test func aPauseOfExactlyTheIntervalIsEnough() async {
    await withTestClock { clock in
      let service = FakeSearchService(clock: clock)
      let model = await SearchViewModel(service: service, clock: clock)
      // The next keystroke lands at the very instant "sw" settles: the pause is exactly 300 ms.
      async let nextKeystroke: Void = {
        try? await clock.sleep(for: .milliseconds(300))
        await model.queryChanged("swi")
      }()

      await model.queryChanged("sw")
      await clock.advance(by: .milliseconds(299))
      #expect(service.queries.isEmpty)

      await clock.advance(by: .milliseconds(1))  // +0.3s: "sw" settled before "swi" arrived
      #expect(service.queries == ["sw"])
      var results = await model.results
      #expect(results == ["swift", "swiftui", "switch", "sweater"])

      await clock.advance(by: .milliseconds(300))  // +0.6s: "swi" settles in turn
      #expect(service.queries == ["sw", "swi"])
      results = await model.results
      #expect(results == ["swift", "swiftui", "switch"])
      await nextKeystroke
      expectSettledCleanly(clock)
    }
  }

  @Test func returnSearchesAtOnce() async {
    await withTestClock { clock in
      let service = FakeSearchService(clock: clock)
      let model = await SearchViewModel(service: service, clock: clock)

      await model.queryChanged("swift")
      await model.returnPressed()
      await clock.advance(by: .zero)
      let results = await model.results
      #expect(results == ["swift", "swiftui"])

      // The flushed query is not searched a second time when the pause would have ended.
      await clock.advance(by: .seconds(1))
      #expect(service.queries == ["swift"])
      expectSettledCleanly(clock)
    }
  }

  @Test func escapeNeverSearches() async {
    await withTestClock { clock in
      let service = FakeSearchService(clock: clock)
      let model = await SearchViewModel(service: service, clock: clock)

      await model.queryChanged("swift")
      await clock.advance(by: .milliseconds(200))
      await model.escapePressed()
      await clock.advance(by: .seconds(1))
      let results = await model.results
      #expect(results.isEmpty)
      #expect(service.queries.isEmpty)
      expectSettledCleanly(clock)
    }
  }

  @Test func aSlowStaleSearchNeverOverwritesANewerOne() async {
    await withTestClock { clock in
      let service = FakeSearchService(
        clock: clock, delays: ["sw": .seconds(1), "swift": .milliseconds(100)])
      let model = await SearchViewModel(service: service, clock: clock)

      await model.queryChanged("sw")
      await clock.advance(by: .milliseconds(300))  // +0.3s: "sw" starts, due back at +1.3s
      var isSearching = await model.isSearching
      #expect(isSearching)

      await model.queryChanged("swift")
      await clock.advance(by: .milliseconds(299))  // +0.599s: "swift" settles at +0.6s
      #expect(service.queries == ["sw"])

      await clock.advance(by: .milliseconds(1))  // +0.6s: "sw" is cancelled, "swift" starts
      #expect(service.queries == ["sw", "swift"])
      isSearching = await model.isSearching
      #expect(isSearching)
      var results = await model.results
      #expect(results.isEmpty)

      await clock.advance(by: .milliseconds(100))  // +0.7s: "swift" answers
      results = await model.results
      #expect(results == ["swift", "swiftui"])
      isSearching = await model.isSearching
      #expect(!isSearching)

      await clock.advance(by: .seconds(1))  // +1.7s: past +1.3s, when "sw" would have answered
      results = await model.results
      #expect(results == ["swift", "swiftui"])
      expectSettledCleanly(clock)
    }
  }
}

/// Nothing is left sleeping, and no sleep escaped the test executor, which would have made the
/// timeline depend on thread scheduling.
private func expectSettledCleanly(
  _ clock: TestClock, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(clock.pendingSleeperCount == 0, sourceLocation: sourceLocation)
  #expect(clock.diagnostics.isEmpty, sourceLocation: sourceLocation)
}
