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

  @Test(.testClock) func recordingFromTheMainActor() async {
    await GuideSearch.expectRecorded(on: TestClock.current)
  }
}
