import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// RxJS's own `TestScheduler` spec (spec/schedulers/TestScheduler-spec.ts, at ReactiveX/rxjs
/// e5351d0): its `cold()`, `hot()`, `expectObservable()`, `expectSubscriptions()` and
/// end-to-end cases, in run mode at one frame per millisecond.
@Suite(.capturesIssues, .testClock) struct RxJSHelperSpecTests {
  static let frame = Duration.milliseconds(1)
  let clock = TestClock.current

  @Test func aColdSource() async {
    let source = clock.marbles(
      "--a---b--|", step: Self.frame, notation: .rxjs, values: ["a": "A", "b": "B"])
    let log = await notifications(of: source, on: clock, frame: Self.frame)
    #expect(log == ["2 N A", "6 N B", "9 C"])
    await clock.expectMarbles(
      "-a-b-|",
      of: clock.marbles("-a-b-|", step: Self.frame, notation: .rxjs, values: ["a": 1, "b": 2]),
      step: Self.frame, notation: .rxjs, values: ["a": 1, "b": 2])
  }

  /// Without `^`, a hot diagram's frame 0 is its first character.
  @Test func aHotSource() async {
    let source = clock.hotMarbles(
      "--a---b--|", step: Self.frame, notation: .rxjs, values: ["a": "A", "b": "B"])
    let log = await notifications(of: source, on: clock, frame: Self.frame)
    #expect(log == ["2 N A", "6 N B", "9 C"])
    await clock.expectMarbles(
      "--a-b-|",
      of: clock.hotMarbles(
        "---^-a-b-|", step: Self.frame, notation: .rxjs, values: ["a": 1, "b": 2]),
      step: Self.frame, notation: .rxjs, values: ["a": 1, "b": 2])
  }

  @Test func empty() async {
    let (empty, continuation) = AsyncStream<Int>.makeStream()
    continuation.finish()
    await clock.expectMarbles("|", of: empty, step: Self.frame, notation: .rxjs)
  }

  @Test func never() async {
    let never = clock.marbles("-", step: Self.frame, notation: .rxjs)
    await clock.expectMarbles("-", of: never, step: Self.frame, notation: .rxjs, maxSteps: 3)
    await clock.expectMarbles("---", of: never, step: Self.frame, notation: .rxjs, maxSteps: 3)
  }

  /// `expectObservable(source, '---!')`: the unsubscription is `cancelledAt:`.
  @Test func anUnsubscriptionDiagram() async {
    let source = clock.hotMarbles("---^-a-b-|", step: Self.frame, notation: .rxjs)
    await clock.expectMarbles("--a", of: source, step: Self.frame, notation: .rxjs, cancelledAt: 3)
  }

  /// `expectObservable(source, '---^')`: a late subscription is an advance first, and the
  /// drawing counts its frames from where it starts, so RxJS's `---b-c|` reads `b-c|`.
  @Test func aSubscriptionDiagram() async {
    let source = clock.hotMarbles("-a-b-c|", step: Self.frame, notation: .rxjs)
    await clock.advance(by: Self.frame * 3)
    await clock.expectMarbles("b-c|", of: source, step: Self.frame, notation: .rxjs)
  }

  @Test func theSubscriptionsOfAColdSource() async {
    let source = clock.marbles("---a---b-|", step: Self.frame, notation: .rxjs)
    _ = await clock.marbles(of: source, step: Self.frame)
    await clock.expectSubscriptions(["^--------!"], of: source)
  }

  /// A diagram without `^` is no subscription, alone or in a list.
  @Test func emptySubscriptionDiagrams() async {
    let source = clock.marbles("---a---b-|", step: Self.frame, notation: .rxjs)
    await clock.expectSubscriptions(["----------"], of: source)
    await clock.expectSubscriptions([], of: source)
  }

  @Test func endToEnd() async {
    let values = ["a": 1, "b": 2]
    let source = clock.marbles("---a---b--|", step: Self.frame, notation: .rxjs, values: values)
    await clock.expectMarbles(
      "---a---b--|", of: source, step: Self.frame, notation: .rxjs, values: values)
    await clock.expectSubscriptions(["^---------!"], of: source)
  }
}
