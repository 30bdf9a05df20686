import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// What the probe drew that did not parse back, what the recorder said from a cancelled task,
/// and diagrams long enough to show a quadratic drawing or comparison.
@Suite(.capturesIssues) struct MarbleRoundTripTests {
  /// Values that begin with a combining mark, which would join the opening quote into one
  /// character, and others around them.
  static let unusualValues = [
    "\u{301}", "x'\u{301}", "'\u{301}", "e\u{301}", "''", "a b", "-", "", "\u{345}", "\u{93F}",
    "\u{D4E}", "\u{1100}", "\u{1161}",
  ]

  @Test(.testClock) func everyDrawnValueParsesBack() async {
    let clock = TestClock.current
    for value in Self.unusualValues {
      let drawn = await clock.marbles(of: Self.once(value), step: .seconds(1))
      let played = clock.marbles(drawn, step: .seconds(1))
      let replayed = await clock.marbles(of: played, step: .seconds(1))
      #expect(replayed == drawn, "\(value.unicodeScalars.map(\.value)) drawn as \(drawn)")
      await clock.expectMarbles(drawn, of: Self.once(value), step: .seconds(1))
    }
    // Values that could join one another: two Hangul jamo, a letter and a letter-like mark, a
    // letter ending in a joiner then an emoji letter, a consonant with a virama then another.
    for (first, second) in [
      ("\u{1100}", "\u{1161}"), ("a", "\u{93F}"), ("\u{D4E}", "a"),
      ("\u{24C2}\u{200D}", "\u{24C2}"),
      ("\u{915}\u{94D}", "\u{937}"),
    ] {
      let drawn = await clock.marbles(of: Self.both(first, second), step: .seconds(1))
      await clock.expectMarbles(drawn, of: Self.both(first, second), step: .seconds(1))
      let replayed = await clock.marbles(
        of: clock.marbles(drawn, step: .seconds(1)), step: .seconds(1))
      #expect(replayed == drawn, "\(drawn)")
    }
    // Two quoted values in one group, the second opening with a combining mark.
    let pair = await clock.marbles(of: Self.both("x", "\u{301}"), step: .seconds(1))
    #expect(pair == "['x' '\u{301}'|]" || pair == "[x'\u{301}'|]", "\(pair)")
    await clock.expectMarbles(pair, of: Self.both("x", "\u{301}"), step: .seconds(1))
  }

  @Test(.testClock) func aRecorderAskedFromACancelledTaskSaysSo() async {
    let clock = TestClock.current
    let letters = clock.marbles("a----b|", step: .seconds(1))
    let issues = await recordedIssues {
      await clock.record(letters) { recorder in
        withUnsafeCurrentTask { $0?.cancel() }
        _ = await recorder.next()
        recorder.ignoreRemainingEvents()
      }
    }
    let messages = issues.map(\.message)
    #expect(messages.contains { $0.contains("the task asking was cancelled") }, "\(messages)")
    #expect(!messages.contains { $0.contains("its end was asked for already") }, "\(messages)")
  }

  /// 20,000 steps with an event at every other one: drawing and comparing stay linear (they
  /// were quadratic, a filter of every event for every step), so this takes milliseconds.
  // The comparison is one job: under ThreadSanitizer on two busy cores it took more than the
  // default 5-second guard.
  @Test(.testClock(progressTimeout: .seconds(60))) func aLongDrawingIsComparedStepByStep() async {
    let clock = TestClock.current
    let long = String(repeating: "a-", count: 10_000) + "|"
    let issues = await recordedIssues {
      await clock.expectMarbles(
        String(repeating: "a-", count: 9_999) + "b-|", of: clock.marbles(long, step: .seconds(1)),
        step: .seconds(1),
        maxSteps: 30_000)
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("the diagrams differ from step 19998 on"), "\(message.prefix(200))")
  }

  private static func once(_ value: String) -> AsyncStream<String> {
    AsyncStream { continuation in
      continuation.yield(value)
      continuation.finish()
    }
  }

  private static func both(_ first: String, _ second: String) -> AsyncStream<String> {
    AsyncStream { continuation in
      continuation.yield(first)
      continuation.yield(second)
      continuation.finish()
    }
  }
}
