import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// RxJS's own `debounceTime` spec (spec/operators/debounceTime-spec.ts, at ReactiveX/rxjs
/// e5351d0), its marble cases through this package's `debounce`, each diagram as RxJS wrote it.
/// `time('--|')` is `step` × 2 frames.
@Suite(.capturesIssues, .testClock) struct RxJSDebounceTimeSpecTests {
  static let frame = Duration.milliseconds(1)
  let clock = TestClock.current

  /// Plays `source` debounced by `frames`, then checks the drawing and the source's subscriptions.
  func expect(
    _ source: MarbleSequence<String>, debouncedBy frames: Int, toBe expected: String,
    subscriptions: [String], cancelledAt: Int? = nil, maxSteps: Int = 1_000,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let debounced = source.debounce(for: Self.frame * frames, clock: clock)
    await clock.expectMarbles(
      expected, of: debounced, step: Self.frame, notation: .rxjs, cancelledAt: cancelledAt,
      maxSteps: maxSteps, sourceLocation: sourceLocation)
    await clock.expectSubscriptions(subscriptions, of: source, sourceLocation: sourceLocation)
  }

  func hot(_ diagram: String) -> MarbleSequence<String> { clock.rxjsHot(diagram) }
  func cold(_ diagram: String) -> MarbleSequence<String> { clock.rxjsCold(diagram) }

  @Test func debouncesValuesByTwoFrames() async {
    await expect(
      hot("  -a--bc--d---|"), debouncedBy: 2, toBe: "---a---c--d-|",
      subscriptions: ["  ^-----------!"])
  }

  @Test func delaysAllElementsByTheTime() async {
    await expect(
      hot("  -a--------b------c----|"), debouncedBy: 5, toBe: "------a--------b------(c|)",
      subscriptions: ["  ^---------------------!"])
  }

  @Test func debouncesAndDelaysAnElement() async {
    await expect(
      hot("  -a--(bc)-----------d-------|"), debouncedBy: 5,
      toBe: "---------c--------------d--|", subscriptions: ["  ^--------------------------!"])
  }

  @Test func completesWhenTheSourceDoesNotEmit() async {
    await expect(hot("  -----|"), debouncedBy: 1, toBe: "-----|", subscriptions: ["  ^----!"])
  }

  @Test func completesWhenTheSourceIsEmpty() async {
    await expect(cold(" |"), debouncedBy: 1, toBe: "|", subscriptions: ["  (^!)"])
  }

  @Test func failsWhenTheSourceFailsWithoutEmitting() async {
    await expect(hot("  -----#"), debouncedBy: 1, toBe: "-----#", subscriptions: ["  ^----!"])
  }

  @Test func failsWhenTheSourceThrows() async {
    await expect(cold(" #"), debouncedBy: 1, toBe: "#", subscriptions: ["  (^!)"])
  }

  /// `expectObservable(result, '-------!')`: the unsubscription is `cancelledAt: 7`.
  @Test func unsubscribingEarly() async {
    await expect(
      hot("  --a--bc--d----|"), debouncedBy: 2, toBe: "----a---       ",
      subscriptions: ["  ^------!       "], cancelledAt: 7)
  }

  /// The source never ends: the drawing watches 27 frames, then ends its iteration, which
  /// RxJS's diagram leaves open (a difference: a drawing always ends what it starts).
  @Test func debouncesWithoutCompletingWhenTheSourceDoesNot() async {
    await expect(
      hot("  -a--(bc)-----------d-------"), debouncedBy: 5,
      toBe: "---------c--------------d--", subscriptions: ["  ^--------------------------!"],
      cancelledAt: 27)
  }

  @Test func doesNotCompleteWhenTheSourceNeverDoes() async {
    await expect(
      hot("  -"), debouncedBy: 1, toBe: "-", subscriptions: ["  ^!"], cancelledAt: 1)
    await expect(
      cold(" -"), debouncedBy: 1, toBe: "-", subscriptions: ["  ^!"], cancelledAt: 1)
  }

  /// A difference, in the contract: `c` is due at frame 22, the frame the source fails, and at
  /// one instant a deadline comes before an event, so `c` comes out before the failure, where
  /// RxJS's spec expects `------a--------b------#`.
  @Test func delaysAllElementsUntilTheSourceFails() async {
    await expect(
      hot("  -a--------b------c----#"), debouncedBy: 5, toBe: "------a--------b------(c#)",
      subscriptions: ["  ^---------------------!"])
  }

  @Test func debouncesEverythingWhileTheSourceEmitsWithinTheTime() async {
    await expect(
      hot("  --a--b--c--d--e--f--g--h-|"), debouncedBy: 4,
      toBe: "-------------------------(h|)", subscriptions: ["  ^------------------------!"])
  }

  @Test func debouncesEverythingUntilTheSourceFails() async {
    await expect(
      hot("  --a--b--c--d--e--f--g--h-#"), debouncedBy: 4,
      toBe: "-------------------------#", subscriptions: ["  ^------------------------!"])
  }
}
