import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// RxJS's own `TestScheduler` spec (spec/schedulers/TestScheduler-spec.ts, at ReactiveX/rxjs
/// e5351d0), its `parseMarbles()` and `parseMarblesAsSubscriptions()` cases, re-expressed in
/// run mode: one frame is `step: .milliseconds(1)`, so RxJS 7's frames of 10 read as 1.
@Suite(.capturesIssues, .testClock) struct RxJSParsingSpecTests {
  static let frame = Duration.milliseconds(1)
  let clock = TestClock.current

  func cold(_ diagram: String, _ values: [String: String] = [:], error: String? = nil)
    -> MarbleSequence<String>
  {
    values.isEmpty
      ? clock.marbles(diagram, step: Self.frame, notation: .rxjs, error: error)
      : clock.marbles(diagram, step: Self.frame, notation: .rxjs, values: values, error: error)
  }

  @Test func aMarbleStringIsASeriesOfNotifications() async {
    let source = cold("-------a---b---|", ["a": "A", "b": "B"])
    let log = await notifications(of: source, on: clock, frame: Self.frame)
    #expect(log == ["7 N A", "11 N B", "15 C"])
  }

  @Test func spacesAreAllowed() async {
    let source = cold("--a--b--|   ", ["a": "A", "b": "B"])
    let log = await notifications(of: source, on: clock, frame: Self.frame)
    #expect(log == ["2 N A", "5 N B", "8 C"])
  }

  @Test func aSubscriptionPoint() async {
    let source = clock.hotMarbles(
      "---^---a---b---|", step: Self.frame, notation: .rxjs, values: ["a": "A", "b": "B"])
    let log = await notifications(of: source, on: clock, frame: Self.frame)
    #expect(log == ["4 N A", "8 N B", "12 C"])
  }

  @Test func anError() async {
    let source = cold("-------a---b---#", ["a": "A", "b": "B"], error: "omg error!")
    let log = await notifications(of: source, on: clock, frame: Self.frame)
    #expect(log == ["7 N A", "11 N B", "15 E omg error!"])
  }

  /// The spec unsubscribes at frame 9 (`schedule(() => abort(), 9)` in its newer form).
  @Test func theLetterIsTheValueWithoutAValueTable() async {
    let drawn = await clock.marbles(
      of: cold("--a--b--c--"), step: Self.frame, notation: .rxjs, cancelledAt: 9)
    #expect(drawn == "--a--b--c")
  }

  @Test func groupedValues() async {
    let drawn = await clock.marbles(
      of: cold("---(abc)---"), step: Self.frame, notation: .rxjs, cancelledAt: 4)
    #expect(drawn == "---(abc)")
  }

  @Test func whitespaceIsIgnoredInRunMode() async {
    let source = cold("  -a - b -    c |       ", ["a": "A", "b": "B", "c": "C"])
    let log = await notifications(of: source, on: clock, frame: Self.frame)
    #expect(log == ["1 N A", "3 N B", "5 N C", "6 C"])
  }

  /// A difference, in the contract: a time progression must be a whole number of steps, so
  /// RxJS's `10.2ms` at one frame per millisecond is an issue at the call. With `10ms` every
  /// frame is RxJS's less 0.2.
  @Test func timeProgressionsInRunMode() async {
    await expectIssues(["the time progression `10.2ms` is not a whole number of steps"]) {
      _ = cold("10.2ms a 1.2s b 1m c|")
    }
    let source = cold("10ms a 1.2s b 1m c|", ["a": "A", "b": "B", "c": "C"])
    let log = await notifications(of: source, on: clock, frame: Self.frame)
    #expect(log == ["10 N A", "1211 N B", "61212 N C", "61213 C"])
  }

  @Test func emojiAreOneValueEach() async {
    let log = await notifications(of: cold("--🙈--🙉--🙊--|"), on: clock, frame: Self.frame)
    #expect(log == ["2 N 🙈", "5 N 🙉", "8 N 🙊", "11 C"])
  }
}

/// The same spec's `parseMarblesAsSubscriptions()` cases: RxJS parses a diagram into the
/// frames of `^` and `!`; here an iteration made at those frames (advancing first for a late
/// one, `cancelledAt:` for `!`) must match the diagram through `expectSubscriptions`.
@Suite(.capturesIssues, .testClock) struct RxJSSubscriptionParsingSpecTests {
  static let frame = Duration.milliseconds(1)
  let clock = TestClock.current

  /// An iteration of a silent source from `subscribed` to `unsubscribed` frames.
  func iterate(from subscribed: Int, to unsubscribed: Int) async -> MarbleSequence<String> {
    let source = clock.marbles("-", step: Self.frame, notation: .rxjs)
    await clock.advance(by: Self.frame * subscribed)
    _ = await clock.marbles(
      of: source, step: Self.frame, cancelledAt: unsubscribed - subscribed,
      maxSteps: max(unsubscribed - subscribed, 1))
    return source
  }

  @Test func aSubscriptionAndAnUnsubscription() async {
    let source = await iterate(from: 3, to: 7)
    await clock.expectSubscriptions(["---^---!-"], of: source)
  }

  /// Without `!`, RxJS's unsubscription is at infinity: an iteration still going on.
  @Test func noUnsubscription() async {
    let source = clock.marbles("-", step: Self.frame, notation: .rxjs)
    await clock.advance(by: Self.frame * 3)
    await clock.recording { scope in
      _ = scope.record(source)
      await clock.expectSubscriptions(["---^-"], of: source)
    }
  }

  @Test func aSynchronousUnsubscription() async {
    let source = await iterate(from: 3, to: 3)
    await clock.expectSubscriptions(["---(^!)-"], of: source)
  }

  @Test func whitespaceIsIgnoredInRunMode() async {
    let source = await iterate(from: 4, to: 7)
    await clock.expectSubscriptions(["  - -  - -  ^ -   - !  -- -      "], of: source)
  }

  /// `10.2ms` is not a whole number of frames here (a difference, as for events): `10ms`.
  @Test func timeProgressionsInRunMode() async {
    let source = await iterate(from: 10, to: 61212)
    await clock.expectSubscriptions(["10ms ^ 1.2s - 1m !"], of: source)
  }

  @Test func moreThanOneSubscriptionOrUnsubscriptionPointIsAnIssue() async {
    let source = clock.marbles("a|", step: Self.frame, notation: .rxjs)
    await expectIssues(["a second `^` at offset 5", "a second `!` at offset 9"]) {
      await clock.expectSubscriptions(["---^-^-!-"], of: source)
      await clock.expectSubscriptions(["---^---!-!"], of: source)
    }
  }
}
