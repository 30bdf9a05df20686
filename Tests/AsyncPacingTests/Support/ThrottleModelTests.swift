import AsyncPacing
import Testing

/// The throttle model on the contract's points that the article's rows do not draw; every row
/// of the article runs through the model too (`ArticleDiagramTests`).
@Suite struct ThrottleModelTests {
  // Each element is due at its own arrival, so all of them are due by the failure step.
  @Test(
    arguments: [PacingEdges.trailing, .leading, [.leading, .trailing]],
    [ThrottleModel.Fold.latest, .first, .concatenate])
  func intervalZeroEmitsEveryElementAtItsArrival(edges: PacingEdges, fold: ThrottleModel.Fold) {
    for diagram in ["a-[bcd]-e|", "a-[bc^]"] {
      let actual = ThrottleModel.run(Marble.parse(diagram), interval: 0, fold: fold, edges: edges)
      expect(actual, draws: diagram)
    }
  }

  @Test func trailingEdgeKeepingTheFirstElement() {
    let actual = ThrottleModel.run(
      Marble.parse("abcdefghijk|"), interval: 3, fold: .first, edges: .trailing)
    expect(actual, draws: "---a--d--g--[j|]")
  }

  @Test func reducingWithTheTrailingEdgeFoldsFromTheWindowsFirstElement() {
    let actual = ThrottleModel.run(
      Marble.parse("abcdefghijk|"), interval: 3, fold: .concatenate, edges: .trailing)
    expect(actual, draws: "---'abc'--'def'--'ghi'--['jk'|]")
  }

  // a's window [0, 3) is still open at 1, but holds no candidate: nothing is pending.
  @Test func finishWithNothingPendingFinishesAtOnce() {
    expect(ThrottleModel.run(Marble.parse("a|"), interval: 3), draws: "a|")
  }

  @Test func finishAtAWindowsEndEmitsTheCandidateThere() {
    expect(ThrottleModel.run(Marble.parse("abc|"), interval: 3), draws: "a--[c|]")
  }

  // b (2) and d (6) arrive inside windows and are dropped; c (4) arrives after a's window.
  // The one place the last element may be lost: the leading-only rule drops it.
  @Test func leadingOnlyDropsWindowElements() {
    let actual = ThrottleModel.run(Marble.parse("a-b-c-d|"), interval: 3, edges: .leading)
    expect(actual, draws: "a---c--|")
  }

  // b's window [3, 6) ends without a candidate, then time runs out of things to do.
  @Test func withoutAnEndTimeRunsOnUntilNothingIsPending() {
    expect(ThrottleModel.run(Marble.parse("ab"), interval: 3, edges: .trailing), draws: "---b")
  }

  // a's window [0, 3) ends without a candidate; b at exactly 3 finds the throttle idle.
  @Test func anArrivalAtAnEmptyWindowsEndIsALeadingEdge() {
    expect(ThrottleModel.run(Marble.parse("a--b|"), interval: 3), draws: "a--b|")
  }

  // The timer's emission of b at 3 opens [3, 6), so c (4) comes out at 6, not at 4 + 3.
  @Test(arguments: [PacingEdges.trailing, [.leading, .trailing]])
  func aTimerEmissionOpensTheNextWindow(edges: PacingEdges) {
    let actual = ThrottleModel.run(Marble.parse("ab--c"), interval: 3, edges: edges)
    expect(actual, draws: edges == .trailing ? "---b--c" : "a--b--c")
  }

  @Test func eventsAfterTheEndAreIgnored() {
    let finished = ThrottleModel.run(
      Marble.parse("ab|") + DebounceModelTests.after(3, "c", "-", "d"), interval: 3)
    #expect(finished == Marble.parse("a--[b|]"), "\(Marble.render(finished))")
    let failed = ThrottleModel.run(
      Marble.parse("a^") + DebounceModelTests.after(2, "b", "|"), interval: 3)
    #expect(failed == Marble.parse("a^"), "\(Marble.render(failed))")
  }

  // Over random schedules: two emissions are never closer than the interval, the input's end
  // is the output's end, and with the trailing edge the last element is never lost.
  @Test(arguments: [PacingEdges.trailing, .leading, [.leading, .trailing]])
  func invariantsOverRandomSchedules(edges: PacingEdges) {
    var random = SplitMix64(seed: RandomSchedules.seed)
    for _ in 0..<RandomSchedules.count {
      let interval = Int(random.next() % 5)
      let input = RandomSchedules.make(interval: interval, using: &random)
      for fold in [ThrottleModel.Fold.latest, .first, .concatenate] {
        let output = ThrottleModel.run(input, interval: interval, fold: fold, edges: edges)
        let context =
          "interval \(interval), \(fold), \(edges): "
          + "\(Marble.render(input)) -> \(Marble.render(output))"
        let emissions = output.filter { value(of: $0) != nil }
        for (previous, next) in zip(emissions, emissions.dropFirst()) {
          #expect(next.step - previous.step >= interval, "\(context)")
        }
        let inputEnd = input.last { value(of: $0) == nil }
        let outputEnd = output.last { value(of: $0) == nil }
        #expect(inputEnd?.event == outputEnd?.event, "\(context)")
        if edges.contains(.trailing), fold != .first, inputEnd?.event != .failure,
          let lastElement = input.last(where: { value(of: $0) != nil }).flatMap(value(of:))
        {
          let lastEmitted = emissions.last.flatMap(value(of:))
          #expect(lastEmitted?.hasSuffix(lastElement) == true, "\(context)")
        }
      }
    }
  }
}

private func value(of timed: TimedEvent) -> String? {
  if case .value(let value) = timed.event { value } else { nil }
}
