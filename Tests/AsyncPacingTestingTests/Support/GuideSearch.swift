import AsyncPacing
import AsyncPacingTesting
import Testing

/// The guide's search example, for tests that run it in other settings (another isolation, a
/// test of its own): queries typed into a 300 ms debounce. Drawing runs in the caller's
/// isolation, so that a main-actor test draws from the main actor; a recording's body is a
/// closure of this file's, so a test that must record from its own isolation writes it out.
enum GuideSearch {
  /// Draws the typing `a-b-c-----d|`, a step of 100 ms, debounced.
  static func expectDrawn(
    on clock: TestClock, isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let queries = clock.marbles("a-b-c-----d|", step: .milliseconds(100))
    let searched = await clock.marbles(
      of: queries.debounce(for: .milliseconds(300), clock: clock), step: .milliseconds(100))
    #expect(searched == "-------c---[d|]", sourceLocation: sourceLocation)
  }

  /// Records one query typed, debounced: it comes out 300 ms later, and the finish after it.
  static func expectRecorded(
    on clock: TestClock, isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let (queries, typing) = AsyncStream.makeStream(of: String.self)
    await clock.record(queries.debounce(for: .milliseconds(300), clock: clock)) { searches in
      typing.yield("swift")
      let expected = RecordedEvent(
        kind: .element("swift"), instant: .init(offset: .milliseconds(300)))
      #expect(await searches.next() == expected, sourceLocation: sourceLocation)
      typing.finish()
      await searches.expectFinish(sourceLocation: sourceLocation)
    }
  }
}
