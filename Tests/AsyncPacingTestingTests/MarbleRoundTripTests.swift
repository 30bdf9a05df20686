import AsyncPacing
import AsyncPacingTesting
import Testing

/// A diagram played on the clock and drawn again gives itself back.
@Suite(.testClock) struct MarbleRoundTripTests {
  static let diagrams = [
    "a-b-c|", "abc", "--a--b", "'10'-'xy'|", "''-' '|", "'it''s'|", "'-'-'|'-'['|", "[ab]-[c|]",
    "a^", "[a^]", "|", "^", "---|", "", "a", "1-2-3|", "'a b'|", "'' '-'|", "['xy' 'zw']",
  ]

  @Test(arguments: diagrams, [Duration.seconds(1), .milliseconds(100), .nanoseconds(3)])
  func aDiagramDrawsItselfBack(_ diagram: String, step: Duration) async {
    let clock = TestClock.current
    let drawn = await clock.marbles(of: clock.marbles(diagram, step: step), step: step)
    #expect(drawn == diagram)
  }

  @Test func aOneEventGroupIsDrawnBare() async {
    let clock = TestClock.current
    let drawn = await clock.marbles(
      of: clock.marbles("[a]-[b]|", step: .seconds(1)), step: .seconds(1))
    #expect(drawn == "a-b|")
  }

  @Test func quietStepsAfterTheLastEventAreNotDrawn() async {
    let clock = TestClock.current
    let drawn = await clock.marbles(
      of: clock.marbles("a--b----", step: .seconds(1)), step: .seconds(1))
    #expect(drawn == "a--b")
  }

  @Test func spacesAreIgnored() async {
    let clock = TestClock.current
    let drawn = await clock.marbles(
      of: clock.marbles("a - [b c] |", step: .seconds(1)), step: .seconds(1))
    #expect(drawn == "a-[bc]|")
  }

  @Test func eachIterationReplaysFromItsOwnStart() async {
    let clock = TestClock.current
    let letters = clock.marbles("a-b|", step: .seconds(1))
    #expect(await clock.marbles(of: letters, step: .seconds(1)) == "a-b|")
    await clock.advance(by: .seconds(5))
    #expect(await clock.marbles(of: letters, step: .seconds(1)) == "a-b|")
    #expect(letters.iterations.map(\.ending) == [.finished, .finished])
    #expect(letters.iterations.map(\.started.offset) == [.zero, .seconds(8)])  // `|` came at 3
  }

  @Test func valuesMapSymbolsToElements() async {
    let clock = TestClock.current
    let numbers = clock.marbles(
      "a-b-'ten'|", step: .seconds(1), values: ["a": 1, "b": 2, "ten": 10])
    #expect(await clock.marbles(of: numbers.map { $0 * 2 }, step: .seconds(1)) == "2-4-'20'|")
  }

  @Test func elementsAreDrawnByTheirDescription() async {
    let clock = TestClock.current
    let values = clock.marbles("a-b|", step: .seconds(1), values: ["a": [1, 2], "b": []])
    #expect(await clock.marbles(of: values, step: .seconds(1)) == "'[1, 2]'-'[]'|")
  }

  @Test func standardLibraryPipelines() async {
    let clock = TestClock.current
    let numbers = clock.marbles(
      "1-2-3-4|", step: .seconds(1), values: ["1": 1, "2": 2, "3": 3, "4": 4])
    #expect(
      await clock.marbles(of: numbers.filter { $0.isMultiple(of: 2) }, step: .seconds(1))
        == "--2---4|")
    #expect(await clock.marbles(of: numbers.prefix(2), step: .seconds(1)) == "1-[2|]")
    #expect(
      await clock.marbles(of: numbers.map { $0 * 10 }, step: .seconds(1))
        == "'10'-'20'-'30'-'40'|")
  }
}
