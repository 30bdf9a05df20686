import AsyncPacing
import AsyncPacingTesting
import Testing

/// RxJS's `spec/operators/timeout-spec.ts` (ReactiveX/rxjs, before the 2024 rewrite), the
/// cases of `timeout({ each, with })` ("using with"), against
/// `timeout(after:clock:continuingWith:)`; one frame is one second. RxJS subscribes to the
/// `with` observable when the time runs out; ours starts iterating the fallback then, and a
/// marble diagram counts its steps from that first `next()`, as a cold observable does.
@Suite struct RxJSTimeoutWithCaseTests {
  /// The cases by RxJS's names; a row without iterations copies a case that checks none.
  static let cases: [TimeoutMarbleCase] = [
    .init(
      "should timeout after a specified period then subscribe to the passed observable",
      source: "-------a--b--|", after: .seconds(5), fallback: "x-y-z-|", draws: "-----x-y-z-|",
      sourceIterations: [(0, 5, .cancelled)], fallbackIterations: [(5, 11, .finished)]),
    // Differs: RxJS passes b, which comes at its timer's very frame (the source was scheduled
    // first); here the deadline wins at its instant (the contract, "Periods are half-open").
    .init(
      "should timeout after a specified period between emit then subscribe to the passed "
        + "observable when source emits", source: "---a---b------c---|", after: .seconds(4),
      fallback: "-x-y-|", draws: "---a----x-y-|", sourceIterations: [(0, 7, .cancelled)],
      fallbackIterations: [(7, 12, .finished)]),
    // b a step earlier than RxJS's, in time here too (its own frame is the deadline's).
    .init(
      "should allow unsubscribing explicitly and early", source: "---a--b------c----|",
      after: .seconds(4), fallback: "-x---y|", cancelledAt: 14, draws: "---a--b----x",
      sourceIterations: [(0, 10, .cancelled)], fallbackIterations: [(10, 14, .cancelled)]),
    // `map` for RxJS's `mergeMap(of)`, and b as in the case before.
    .init(
      "should not break unsubscription chain when unsubscribed explicitly",
      source: "---a--b------c----|", after: .seconds(4), fallback: "-x---y|", throughMaps: true,
      cancelledAt: 14, draws: "---a--b----x", sourceIterations: [(0, 10, .cancelled)],
      fallbackIterations: [(10, 14, .cancelled)]),
    .init(
      "should not subscribe to withObservable after explicit unsubscription",
      source: "---a------b------", after: .seconds(5), fallback: "i---j---|", throughMaps: true,
      cancelledAt: 5, draws: "---a", sourceIterations: [(0, 5, .cancelled)],
      fallbackIterations: []),
    // What the source would do after its deadline never comes out.
    .init(
      "should timeout after a specified period then subscribe to the passed observable when "
        + "source is empty", source: "-------------|", after: .seconds(10),
      fallback: "----x----|", draws: "--------------x----|",
      sourceIterations: [(0, 10, .cancelled)]),
    .init(
      "should timeout after a specified period then subscribe to the passed observable when "
        + "source raises error after timeout", source: "-------------^", after: .seconds(10),
      fallback: "----x----|", draws: "--------------x----|",
      sourceIterations: [(0, 10, .cancelled)]),
    .init(
      "should timeout after a specified period between emit then never completes if other "
        + "source emits but not complete", source: "-------------|", after: .seconds(11),
      fallback: "----x----", draws: "---------------x", sourceIterations: [(0, 11, .cancelled)]),
    .init(
      "should not timeout if source completes within timeout period", source: "-----|",
      after: .seconds(10), fallback: "----x----|", draws: "-----|", fallbackIterations: []),
    // Thrown as it is: the fallback shares the source's `Failure`.
    .init(
      "should not timeout if source raises error within timeout period", source: "-----^",
      after: .seconds(10), fallback: "----x----|", draws: "-----^", fallbackIterations: []),
    .init(
      "should not timeout if source emits within timeout period", source: "--a--b--c--d--e--|",
      after: .seconds(5), fallback: "----x----|", draws: "--a--b--c--d--e--|",
      fallbackIterations: []),
  ]

  @Test(.testClock, arguments: cases)
  func drawnCaseMatchesRxJS(_ timeoutCase: TimeoutMarbleCase) async {
    await timeoutCase.check()
  }

  /// "should timeout after a specified period between emit then never completes if other
  /// source does not complete": nothing can happen after +9s, so the drawing stops there,
  /// without an ending, and only the fallback's start says when it took over.
  @Test(.testClock) func aSilentFallbackLeavesTheSequenceOpen() async {
    let fallback = await TimeoutMarbleCase(
      "silent fallback", source: "--a--b--------c--d--|", after: .seconds(4),
      fallback: "------------", draws: "--a--b", sourceIterations: [(0, 9, .cancelled)]
    ).check()
    #expect(fallback?.iterations.map(\.started) == [.init(offset: .seconds(9))])
  }
}
