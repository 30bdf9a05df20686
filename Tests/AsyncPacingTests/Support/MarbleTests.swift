import Testing

@Suite struct MarbleTests {
  private static func at(_ step: Int, _ value: String) -> TimedEvent {
    TimedEvent(step: step, event: .value(value))
  }

  @Test func eachCharacterIsOneStep() {
    #expect(Marble.parse("a-b--c") == [Self.at(0, "a"), Self.at(2, "b"), Self.at(5, "c")])
    #expect(Marble.parse("---") == [])
    #expect(Marble.parse("") == [])
  }

  @Test func lettersAndDigitsAreValues() {
    #expect(Marble.parse("x7") == [Self.at(0, "x"), Self.at(1, "7")])
  }

  @Test func finishAndFailure() {
    #expect(Marble.parse("a-|") == [Self.at(0, "a"), TimedEvent(step: 2, event: .finish)])
    #expect(Marble.parse("--^") == [TimedEvent(step: 2, event: .failure)])
  }

  @Test func aQuotedValueIsOneElementAtOneStep() {
    #expect(Marble.parse("'xy'-a") == [Self.at(0, "xy"), Self.at(2, "a")])
    #expect(Marble.parse("a'bc'") == [Self.at(0, "a"), Self.at(1, "bc")])
  }

  @Test func aGroupHoldsSeveralEventsInOrderAtOneStep() {
    #expect(
      Marble.parse("--[c|]") == [Self.at(2, "c"), TimedEvent(step: 2, event: .finish)])
    #expect(
      Marble.parse("['jk'b^]")
        == [Self.at(0, "jk"), Self.at(0, "b"), TimedEvent(step: 0, event: .failure)])
  }

  // <doc:PacingContract>, "Time and marble diagrams": "Diagrams with a group are not column-aligned after the group; count steps."
  @Test func aGroupTakesOneStep() {
    #expect(
      Marble.parse("a-[bc]-d")
        == [Self.at(0, "a"), Self.at(2, "b"), Self.at(2, "c"), Self.at(4, "d")])
    #expect(
      Marble.parse("a--[bc]-------d----|").suffix(2)
        == [Self.at(11, "d"), TimedEvent(step: 16, event: .finish)])
  }

  @Test func spacesAreIgnored() {
    #expect(Marble.parse(" a - [b c] 'xy' | ") == Marble.parse("a-[bc]'xy'|"))
  }

  @Test func renderingQuotesGroupsAndStopsAtTheLastEvent() {
    #expect(Marble.render([]) == "")
    #expect(Marble.render([Self.at(3, "a")]) == "---a")
    #expect(Marble.render([Self.at(1, "xy"), Self.at(1, "z")]) == "-['xy'z]")
    // Values that are not a single letter or digit are quoted so that they parse back.
    #expect(Marble.render([Self.at(0, ""), Self.at(1, "-")]) == "'' '-'")
    #expect(Marble.render([TimedEvent(step: 0, event: .failure)]) == "^")
  }

  @Test(arguments: [
    "", "^", "[ab]", "[a|]", "-'xy'-a", "''", "[a'']-7", "'' '-'", "['xy' 'zw']", "'it''s'",
  ])
  func cornersRoundTrip(_ diagram: String) {
    #expect(Marble.render(Marble.parse(diagram)) == diagram)
  }

  /// Every input and output of the articles' diagrams is written as the renderer writes it
  /// (but for quiet steps after the last event, which show how long an input waits), so that a
  /// failing row's diagrams line up with what the test prints.
  @Test func theArticlesDiagramsRoundTrip() {
    for row in ArticleDiagrams.inPackage.rows {
      guard case .run(_, let input, let expected) = row.check else { continue }
      for diagram in [input, expected] {
        let drawn = diagram.reversed().drop { $0 == "-" }.reversed()
        #expect(
          Marble.render(Marble.parse(diagram)) == String(drawn), "\(diagram)",
          sourceLocation: row.sourceLocation)
      }
    }
  }

  @Test func randomEventListsRoundTrip() {
    let seed: UInt64 = 0x5EED_0001
    var random = SplitMix64(seed: seed)
    let symbols: [StepEvent] = [.value("a"), .value("7"), .value("xy"), .finish, .failure]
    for _ in 0..<500 {
      var step = 0
      var events: [TimedEvent] = []
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        step += Int.random(in: 0...3, using: &random)
        let event = symbols.randomElement(using: &random)!
        events.append(TimedEvent(step: step, event: event))
        if event == .finish || event == .failure { break }  // nothing follows the end
      }
      let diagram = Marble.render(events)
      #expect(Marble.parse(diagram) == events, "seed \(seed): \(diagram)")
    }
  }

  @Test func comparisonAlignsTheDiagrams() {
    let comparison = Marble.comparison(
      expected: Marble.parse("--a|"), actual: Marble.parse("---[a|]"))
    #expect(comparison == "expected: --a|\n  actual: ---[a|]")
  }

  @Test func timedEventsDescribeThemselvesInNotation() {
    #expect("\(Marble.parse("--'xy'")[0])" == "'xy'@2")
    #expect("\(Marble.parse("-|")[0])" == "|@1")
  }

  @Test func invalidDiagramsAreAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) { _ = Marble.parse("a'bc") }
    await #expect(processExitsWith: .failure) { _ = Marble.parse("a[bc") }
    await #expect(processExitsWith: .failure) { _ = Marble.parse("ab]") }
    await #expect(processExitsWith: .failure) { _ = Marble.parse("a*b") }
    await #expect(processExitsWith: .failure) { _ = Marble.parse("[a-b]") }
  }
}
