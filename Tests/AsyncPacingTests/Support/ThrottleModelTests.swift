import AsyncPacing
import Testing

/// The model against every throttle diagram of <doc:PacingContract>, then against the contract points
/// the diagrams do not draw.
@Suite struct ThrottleModelTests {
  // MARK: The contract's diagrams

  @Test(arguments: ContractDiagrams.throttle)
  func theContractsDiagrams(_ diagram: ThrottleDiagram) {
    let expected = Marble.parse(diagram.output)
    let actual = ThrottleModel.run(
      Marble.parse(diagram.input), interval: diagram.interval, fold: diagram.fold,
      edges: diagram.edges)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  // MARK: Contract points without a diagram

  @Test(
    arguments: [PacingEdges.trailing, .leading, [.leading, .trailing]],
    [ThrottleModel.Fold.latest, .first, .concatenate])
  func intervalZeroEmitsEveryElementAtItsArrival(edges: PacingEdges, fold: ThrottleModel.Fold) {
    let finished = Marble.parse("a-[bcd]-e|")
    let actualFinished = ThrottleModel.run(finished, interval: 0, fold: fold, edges: edges)
    #expect(
      actualFinished == finished, "\(Marble.comparison(expected: finished, actual: actualFinished))"
    )
    // Each element is due at its own arrival, so all of them are due by the failure step.
    let failed = Marble.parse("a-[bc^]")
    let actualFailed = ThrottleModel.run(failed, interval: 0, fold: fold, edges: edges)
    #expect(actualFailed == failed, "\(Marble.comparison(expected: failed, actual: actualFailed))")
  }

  @Test func trailingEdgeKeepingTheFirstElement() {
    let input = Marble.parse("abcdefghijk|")
    let expected = Marble.parse("---a--d--g--[j|]")
    let actual = ThrottleModel.run(input, interval: 3, fold: .first, edges: .trailing)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func reducingWithTheTrailingEdgeFoldsFromTheWindowsFirstElement() {
    let input = Marble.parse("abcdefghijk|")
    let expected = Marble.parse("---'abc'--'def'--'ghi'--['jk'|]")
    let actual = ThrottleModel.run(input, interval: 3, fold: .concatenate, edges: .trailing)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  // With the leading edge only the reducer sees emitted elements alone: each is reduce(nil, x).
  @Test func reducingWithTheLeadingEdgeEmitsSingleElements() {
    let input = Marble.parse("abcdefghijk|")
    let expected = Marble.parse("a--d--g--j-|")
    let actual = ThrottleModel.run(input, interval: 3, fold: .concatenate, edges: .leading)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  // a's window [0, 3) is still open at 1, but holds no candidate: nothing is pending.
  @Test func finishWithNothingPendingFinishesAtOnce() {
    let inWindow = Marble.parse("a|")
    let actualInWindow = ThrottleModel.run(inWindow, interval: 3)
    #expect(
      actualInWindow == inWindow, "\(Marble.comparison(expected: inWindow, actual: actualInWindow))"
    )
    let empty = Marble.parse("|")
    let actualEmpty = ThrottleModel.run(empty, interval: 3)
    #expect(actualEmpty == empty, "\(Marble.comparison(expected: empty, actual: actualEmpty))")
  }

  @Test func finishAtAWindowsEndEmitsTheCandidateThere() {
    let input = Marble.parse("abc|")
    let expected = Marble.parse("a--[c|]")
    let actual = ThrottleModel.run(input, interval: 3)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  // b (2) and d (6) arrive inside windows and are dropped; c (4) arrives after a's window.
  // The one place the last element may be lost: the leading-only rule drops it.
  @Test func leadingOnlyDropsWindowElements() {
    let input = Marble.parse("a-b-c-d|")
    let expected = Marble.parse("a---c--|")
    let actual = ThrottleModel.run(input, interval: 3, edges: .leading)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  // b's window [3, 6) ends without a candidate, then time runs out of things to do.
  @Test func withoutAnEndTimeRunsOnUntilNothingIsPending() {
    let input = Marble.parse("ab")
    let bothEdges = ThrottleModel.run(input, interval: 3)
    #expect(bothEdges == Marble.parse("a--b"), "\(Marble.render(bothEdges))")
    let trailing = ThrottleModel.run(input, interval: 3, edges: .trailing)
    #expect(trailing == Marble.parse("---b"), "\(Marble.render(trailing))")
  }

  // a's window [0, 3) ends without a candidate; b at exactly 3 finds the throttle idle.
  @Test func anArrivalAtAnEmptyWindowsEndIsALeadingEdge() {
    let input = Marble.parse("a--b|")
    let expected = Marble.parse("a--b|")
    let actual = ThrottleModel.run(input, interval: 3)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  // The timer's emission of b at 3 opens [3, 6), so c (4) comes out at 6, not at 4 + 3.
  @Test(arguments: [PacingEdges.trailing, [.leading, .trailing]])
  func aTimerEmissionOpensTheNextWindow(edges: PacingEdges) {
    let input = Marble.parse("ab--c")
    let expected = Marble.parse(edges == .trailing ? "---b--c" : "a--b--c")
    let actual = ThrottleModel.run(input, interval: 3, edges: edges)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
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
