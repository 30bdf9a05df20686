import AsyncPacing
import Testing

/// The model against every debounce diagram of <doc:PacingContract>, then against the contract points
/// the diagrams do not draw.
@Suite struct DebounceModelTests {
  // MARK: The contract's diagrams

  @Test func cWaitedThreeQuietStepsAndDWasSupersededByE() {
    let input = Marble.parse("a-b-c-----d-e----|")
    let expected = Marble.parse("-------c-------e-|")
    let actual = DebounceModel.run(input, interval: 3)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func aGapOfExactlyTheIntervalIsQuietEnough() {
    let input = Marble.parse("a--b--c--|")
    let expected = Marble.parse("---a--b--[c|]")
    let actual = DebounceModel.run(input, interval: 3)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func leadingEdge() {
    let input = Marble.parse("ab-c-------d----|")
    let expected = Marble.parse("a----------d----|")
    let actual = DebounceModel.run(input, interval: 3, edges: .leading)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func bothEdges() {
    let input = Marble.parse("ab-c-------d----|")
    let expected = Marble.parse("a-----c----d----|")
    let actual = DebounceModel.run(input, interval: 3, edges: [.leading, .trailing])
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func anArrivalAtTheEndOfAQuietPeriodIsANewLeadingEdge() {
    let input = Marble.parse("ab-c-------d----|")
    let expected = Marble.parse("a--[bc]-------d----|")
    let actual = DebounceModel.run(input, interval: 2, edges: [.leading, .trailing])
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func maxWait() {
    let input = Marble.parse("abcdefghijklmnop|")
    let expected = Marble.parse("-----e----j----o[p|]")
    let actual = DebounceModel.run(input, interval: 3, maxWait: 5)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func maxWaitWithBothEdges() {
    let input = Marble.parse("abcdefghijklmnop|")
    let expected = Marble.parse("a-----f----k----[p|]")
    let actual = DebounceModel.run(input, interval: 3, edges: [.leading, .trailing], maxWait: 5)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  // MARK: Contract points without a diagram

  @Test(arguments: [PacingEdges.trailing, .leading, [.leading, .trailing]])
  func intervalZeroEmitsEveryElementAtItsArrival(edges: PacingEdges) {
    let input = Marble.parse("a-[bc]-d|")
    let actual = DebounceModel.run(input, interval: 0, edges: edges)
    #expect(actual == input, "\(Marble.comparison(expected: input, actual: actual))")
  }

  @Test func aBurstOfOneIsEmittedOnceWithBothEdges() {
    let input = Marble.parse("a-----b|")
    let expected = Marble.parse("a-----b|")
    let actual = DebounceModel.run(input, interval: 3, edges: [.leading, .trailing])
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func finishWithNothingPendingFinishesAtOnce() {
    let input = Marble.parse("a----|")
    let expected = Marble.parse("---a-|")
    let actual = DebounceModel.run(input, interval: 3)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  // The one place the last element may be lost: the leading-only rule drops it.
  @Test func leadingOnlyDropsTheLastElementOfABurst() {
    let input = Marble.parse("ab|")
    let expected = Marble.parse("a-|")
    let actual = DebounceModel.run(input, interval: 3, edges: .leading)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func failureDropsAPendingElementNotYetDue() {
    let input = Marble.parse("a-b^")
    let expected = Marble.parse("---^")
    let actual = DebounceModel.run(input, interval: 3)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func aDeadlineAtTheFailureStepFiresFirst() {
    let input = Marble.parse("a--^")
    let expected = Marble.parse("---[a^]")
    let actual = DebounceModel.run(input, interval: 3)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  /// Events from `step` on, one symbol a step (`-` quiet, `|` the finish): what no diagram
  /// may draw after its end, for the models that must ignore it.
  static func after(_ step: Int, _ symbols: String...) -> [TimedEvent] {
    symbols.enumerated().compactMap { offset, symbol in
      let event: StepEvent? =
        switch symbol {
        case "-": nil
        case "|": .finish
        case "^": .failure
        default: .value(symbol)
        }
      return event.map { TimedEvent(step: step + offset, event: $0) }
    }
  }

  @Test func eventsAfterTheEndAreIgnored() {
    let finished = DebounceModel.run(Marble.parse("a|") + Self.after(2, "b", "-", "c"), interval: 3)
    #expect(finished == Marble.parse("-[a|]"), "\(Marble.render(finished))")
    let failed = DebounceModel.run(Marble.parse("a^") + Self.after(2, "b", "|"), interval: 3)
    #expect(failed == Marble.parse("-^"), "\(Marble.render(failed))")
  }

  @Test func withoutAnEndTimeRunsOnToTheLastDeadline() {
    let input = Marble.parse("ab")
    let expected = Marble.parse("----b")
    let actual = DebounceModel.run(input, interval: 3)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  // b settles at 3 and ends the bound, so c (4) starts a new one that is reached at 8.
  @Test func aQuietEmissionEndsTheMaxWaitBound() {
    let input = Marble.parse("ab--cdefg")
    let expected = Marble.parse("---b----f-g")
    let actual = DebounceModel.run(input, interval: 2, maxWait: 4)
    #expect(actual == expected, "\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func maxWaitNeedsTheTrailingEdgeAndAtLeastTheInterval() async {
    await #expect(processExitsWith: .failure) {
      _ = DebounceModel.run([], interval: 3, edges: .leading, maxWait: 5)
    }
    await #expect(processExitsWith: .failure) {
      _ = DebounceModel.run([], interval: 3, maxWait: 2)
    }
  }
}
