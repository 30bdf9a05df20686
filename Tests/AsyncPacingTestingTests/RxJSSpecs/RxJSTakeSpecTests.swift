import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// RxJS's own `take` spec (spec/operators/take-spec.ts, at ReactiveX/rxjs e5351d0), its
/// marble cases through the standard library's `prefix`, each diagram as RxJS wrote it.
@Suite(.capturesIssues, .testClock) struct RxJSTakeSpecTests {
  static let frame = Duration.milliseconds(1)
  let clock = TestClock.current

  /// Plays the first `count` elements of `source`, then checks the drawing and the source's
  /// subscriptions.
  func expect(
    _ source: MarbleSequence<String>, taking count: Int, toBe expected: String,
    error: String? = nil, subscriptions: [String], cancelledAt: Int? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await clock.expectMarbles(
      expected, of: source.prefix(count), step: Self.frame, notation: .rxjs, error: error,
      cancelledAt: cancelledAt, sourceLocation: sourceLocation)
    await clock.expectSubscriptions(subscriptions, of: source, sourceLocation: sourceLocation)
  }

  func hot(_ diagram: String, error: String? = nil) -> MarbleSequence<String> {
    clock.rxjsHot(diagram, error: error)
  }
  func cold(_ diagram: String) -> MarbleSequence<String> { clock.rxjsCold(diagram) }

  @Test func takesTwoValuesOfMany() async {
    await expect(
      cold(" --a-----b----c---d--|"), taking: 2, toBe: "--a-----(b|)         ",
      subscriptions: ["  ^-------!------------"])
  }

  @Test func empty() async {
    await expect(cold(" |"), taking: 42, toBe: "|", subscriptions: ["  (^!)"])
  }

  /// The drawing ends its iteration after the frames it watches (a difference: RxJS's stays
  /// open).
  @Test func goesOnForeverOnNever() async {
    await expect(
      cold(" -"), taking: 42, toBe: "-", subscriptions: ["  ^--!"], cancelledAt: 3)
  }

  /// `prefix(0)` never asks its source, as `take(0)` never subscribes. A negative count, which
  /// RxJS reads as 0, stops the process in the standard library's `prefix` (a difference).
  @Test func takingNoneNeverSubscribes() async {
    await expect(hot("--a--^--b----c---d--|"), taking: 0, toBe: "   |", subscriptions: [])
  }

  @Test func takesTheOneValueOfOne() async {
    await expect(hot("  ---(a|)"), taking: 1, toBe: "---(a|)", subscriptions: ["  ^--!---"])
  }

  @Test func takesOneValueOfMany() async {
    await expect(
      hot("--a--^--b----c---d--|"), taking: 1, toBe: "   ---(b|)         ",
      subscriptions: ["     ^--!------------"])
  }

  @Test func anEmptyHotSourceCompletes() async {
    await expect(
      hot("--a--^----|"), taking: 42, toBe: "   -----|", subscriptions: ["     ^----!"])
  }

  @Test func propagatesTheSourceError() async {
    await expect(
      hot("---^---#", error: "too bad"), taking: 42, toBe: " ----#", error: "too bad",
      subscriptions: ["   ^---!"])
  }

  @Test func propagatesAnErrorAfterValues() async {
    await expect(
      hot("---^--a--b--#"), taking: 42, toBe: " ---a--b--#", subscriptions: ["   ^--------!"])
  }

  /// `expectObservable(result, '---------!')`: the unsubscription is `cancelledAt: 9`.
  @Test func unsubscribingExplicitlyAndEarly() async {
    await expect(
      hot("---^--a--b-----c--d--e--|"), taking: 42, toBe: " ---a--b---            ",
      subscriptions: ["   ^--------!------------"], cancelledAt: 9)
  }

  @Test func throwing() async {
    await expect(
      clock.marbles(" #", step: Self.frame, notation: .rxjs), taking: 42, toBe: "#",
      subscriptions: ["  (^!)"])
  }
}
