import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// RxJS's own `TestScheduler` spec (spec/schedulers/TestScheduler-spec.ts, at ReactiveX/rxjs
/// e5351d0), its `TestScheduler.run()` cases: one frame is one millisecond of the clock.
/// `concatMap(d => of(d).pipe(delay(10)))` is a `map` that sleeps 10 ms, and `debounceTime`
/// is this package's `debounce`.
@Suite(.capturesIssues, .testClock) struct RxJSRunModeSpecTests {
  static let frame = Duration.milliseconds(1)
  let clock = TestClock.current

  func cold(_ diagram: String) -> MarbleSequence<String> { clock.rxjsCold(diagram) }

  /// Each element, one after the other, 10 ms later than it could be.
  func delayedInTurn(_ source: MarbleSequence<String>) -> some AsyncSequence<String, MarbleFailure>
    & Sendable
  {
    source.map { [clock] letter in
      try? await clock.sleep(for: .milliseconds(10))
      return letter
    }
  }

  /// A difference, in the contract: the sequence is pulled, so the source's iteration ends
  /// when `map` asks it for its end after delaying `c`, at frame 31, where RxJS's `concatMap`
  /// has already taken the source's end at frame 6 (`^- - - - - !`).
  @Test func whitespaceIsIgnored() async {
    let input = cold("  -a - b -    c |       ")
    await clock.expectMarbles(
      "     -- 9ms a 9ms b 9ms (c|) ", of: delayedInTurn(input), step: Self.frame,
      notation: .rxjs)
    await clock.expectSubscriptions(["  ^ 30ms !"], of: input)
  }

  /// `10.2ms` is not a whole number of frames here (a difference): `10ms`.
  @Test func timeProgressions() async {
    let output = cold("10ms a 1.2s b 1m c|")
    await clock.expectMarbles(
      "   10ms a 1.2s b 1m c|", of: output, step: Self.frame, notation: .rxjs, maxSteps: 70_000)
  }

  /// The newer spec's form of "should provide the correct helpers": a cold and a hot source,
  /// each drawn and its subscription checked (RxJS's `merge` is not in the standard library).
  /// Each expectation runs the clock from where it stands, where RxJS's all run at one flush,
  /// so the cold source is made once the hot one has been drawn.
  @Test func coldAndHotSideBySide() async {
    let second = clock.hotMarbles(" ^-b-d-f|", step: Self.frame, notation: .rxjs)
    await clock.expectMarbles("--b-d-f|", of: second, step: Self.frame, notation: .rxjs)
    await clock.expectSubscriptions(["^------!"], of: second)
    let first = cold("-a-c-e|")
    await clock.expectMarbles("-a-c-e|", of: first, step: Self.frame, notation: .rxjs)
    await clock.expectSubscriptions(["^-----!"], of: first)
  }

  @Test func eachFrameIsOneMillisecond() async {
    let output = cold("-a-b-c--------|").debounce(for: .milliseconds(5), clock: clock)
    await clock.expectMarbles("   ------ 4ms c---|", of: output, step: Self.frame, notation: .rxjs)
    let again = cold("-a-b-c--------|").debounce(for: .milliseconds(5), clock: clock)
    await clock.expectMarbles("   ----------c---|", of: again, step: Self.frame, notation: .rxjs)
  }

  /// RxJS's run mode has no frame limit; a drawing has `maxSteps` (1,000 unless given).
  @Test func noMaximumFrameCountWhenGivenOne() async {
    let output = cold("-a|").map { [clock] letter in
      try? await clock.sleep(for: .seconds(10))
      return letter
    }
    await clock.expectMarbles(
      "   - 10s (a|)", of: output, step: Self.frame, notation: .rxjs, maxSteps: 20_000)
  }

  /// Settling is automatic, as RxJS's flush at the end of `run()`.
  @Test func flushingIsAutomatic() async {
    await clock.expectMarbles(
      "   -- 9ms a 9ms b 9ms (c|)", of: delayedInTurn(cold("-a-b-c|")), step: Self.frame,
      notation: .rxjs)
  }
}
