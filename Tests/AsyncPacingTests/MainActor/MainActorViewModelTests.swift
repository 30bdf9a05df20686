import AsyncPacing
import AsyncPacingTesting
import Testing

// The runtime's hooks and the scheduling executor that these tests prove exist from Swift 6.3,
// on Linux; elsewhere the earlier rules apply (see the contract's "Before Swift 6.3").
#if compiler(>=6.3) && canImport(Glibc)
  /// The Migrating guide's `@MainActor` `.task` pattern, copied as a reader would: the loop runs
  /// on the main actor, the test reads the model after advancing, and every run is exact.
  @Suite struct MainActorViewModelTests {
    @Test(arguments: 0..<MainActorRuns.count)
    func aNonisolatedTestReadsFreshResults(run: Int) async {
      await Self.expectFreshResultsWithTheirOwnClock()
    }

    @MainActor @Test(arguments: 0..<MainActorRuns.count)
    func aMainActorTestReadsFreshResults(run: Int) async {
      await Self.expectFreshResultsWithTheirOwnClock()
    }

    /// The guide's test in `withTestClock`'s form, run in the caller's isolation: nothing at
    /// 299 ms, the results at 300 ms, and an empty query clears them at once.
    private static func expectFreshResultsWithTheirOwnClock(
      isolation: isolated (any Actor)? = #isolation
    ) async {
      // Plain form: the suite runs the guide's test in every form, and this is withTestClock's.
      await withTestClock { clock in
        let model = await SearchViewModel(clock: clock)
        let (queries, typing) = AsyncStream.makeStream(of: String.self)
        async let bound: Void = model.bind(to: queries)
        typing.yield("Swift")
        await clock.advance(by: .milliseconds(299))
        let early = await model.results
        await clock.advance(by: .milliseconds(1))
        let results = await model.results
        typing.yield("")  // an empty query clears at once: its interval is zero
        await clock.settle()
        let cleared = await model.results
        typing.finish()
        await bound
        #expect(early == [])
        #expect(results == ["Swift 1", "Swift 2"])
        #expect(cleared == [])
        #expect(clock.diagnostics.isEmpty)
      }
    }

    @Test(.testClock, arguments: 0..<MainActorRuns.count)
    func aNonisolatedTestWithTheTraitReadsFreshResults(run: Int) async {
      let model = await SearchViewModel(clock: TestClock.current)
      let results = await Self.typeSwiftAndReadResults(of: model)
      #expect(results == ["Swift 1", "Swift 2"])
    }

    @MainActor @Test(.testClock, arguments: 0..<MainActorRuns.count)
    func aMainActorTestWithTheTraitReadsFreshResults(run: Int) async {
      let model = SearchViewModel(clock: TestClock.current)
      let results = await Self.typeSwiftAndReadResults(of: model)
      #expect(results == ["Swift 1", "Swift 2"])
    }

    /// The guide's timeline, run in the caller's isolation: the loop starts in an `async let`,
    /// "Swift" is typed, 300 ms pass, and the results are read before the stream finishes.
    private static func typeSwiftAndReadResults(
      of model: SearchViewModel, isolation: isolated (any Actor)? = #isolation
    ) async -> [String] {
      let clock = TestClock.current
      let (queries, typing) = AsyncStream.makeStream(of: String.self)
      async let bound: Void = model.bind(to: queries)
      typing.yield("Swift")
      await clock.advance(by: .milliseconds(300))
      let results = await model.results
      typing.finish()
      await bound
      return results
    }

    /// `binding = Task { await self.bind(to:) }` in a main-actor view model: the task runs on
    /// the main actor, which the clock settles.
    @MainActor @Test(.testClock, arguments: 0..<MainActorRuns.count)
    func aTaskTheViewModelStartsIsSettled(run: Int) async {
      let clock = TestClock.current
      let model = SearchViewModel(clock: clock)
      let (queries, typing) = AsyncStream.makeStream(of: String.self)
      model.startBinding(to: queries)
      typing.yield("Swift")
      await clock.advance(by: .milliseconds(300))
      let results = model.results
      typing.finish()
      await model.binding?.value
      #expect(results == ["Swift 1", "Swift 2"])
    }
  }
#endif
