import AsyncPacing
import Testing

/// The debounce model on the contract's points that the article's rows do not draw; every row
/// of the article runs through the model too (`ArticleDiagramTests`).
@Suite struct DebounceModelTests {
  @Test(arguments: [PacingEdges.trailing, .leading, [.leading, .trailing]])
  func intervalZeroEmitsEveryElementAtItsArrival(edges: PacingEdges) {
    expect(
      DebounceModel.run(Marble.parse("a-[bc]-d|"), interval: 0, edges: edges), draws: "a-[bc]-d|")
  }

  @Test func aBurstOfOneIsEmittedOnceWithBothEdges() {
    let actual = DebounceModel.run(
      Marble.parse("a-----b|"), interval: 3, edges: [.leading, .trailing])
    expect(actual, draws: "a-----b|")
  }

  @Test func finishWithNothingPendingFinishesAtOnce() {
    expect(DebounceModel.run(Marble.parse("a----|"), interval: 3), draws: "---a-|")
  }

  @Test func failureDropsAPendingElementNotYetDue() {
    expect(DebounceModel.run(Marble.parse("a-b^"), interval: 3), draws: "---^")
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

  // b settles at 3 and ends the bound, so c (4) starts a new one that is reached at 8.
  @Test func aQuietEmissionEndsTheMaxWaitBound() {
    expect(
      DebounceModel.run(Marble.parse("ab--cdefg"), interval: 2, maxWait: 4), draws: "---b----f-g")
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
