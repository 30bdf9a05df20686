import AsyncPacing
import AsyncPacingTesting
import Testing

/// The marble API from a main-actor suite, where view-model tests live. The trait does not see
/// the test's isolation, as `withTestClock(isolation:)` does; it needs not: the first job the
/// main actor sends to the test executor marks main-actor work in play.
@MainActor @Suite struct MainActorTests {
  @Test(.testClock) func drawingFromTheMainActor() async {
    await GuideSearch.expectDrawn(on: TestClock.current)
  }

  /// Written out, not through `GuideSearch`: the recording closure must be written in the
  /// main-actor test to take its isolation.
  @Test(.testClock) func recordingFromTheMainActor() async {
    let clock = TestClock.current
    let (queries, typing) = AsyncStream.makeStream(of: String.self)
    await clock.record(queries.debounce(for: .milliseconds(300), clock: clock)) { searches in
      MainActor.assertIsolated()
      typing.yield("swift")
      let expected = RecordedEvent(
        kind: .element("swift"), instant: .init(offset: .milliseconds(300)))
      #expect(await searches.next() == expected)
      typing.finish()
      await searches.expectFinish()
    }
  }
}
