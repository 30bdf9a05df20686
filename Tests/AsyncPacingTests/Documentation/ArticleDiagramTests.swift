import Testing

@testable import AsyncPacing

/// The marble diagrams of the articles and the README, run through the real operators and
/// pacers on a ``TestClock``: a diagram that no longer matches the code fails here.
@Suite struct ArticleDiagramTests {
  // Without it, a scan that finds nothing (a moved catalog, a changed fence) passes quietly.
  @Test func theDocumentationHasDiagramsToCheck() {
    #expect(ArticleDiagrams.inPackage.blockCount >= 1, "no ```marble block found")
  }

  @Test(arguments: ArticleDiagrams.inPackage.rows)
  func diagramRow(_ row: ArticleDiagramRow) async {
    switch row.check {
    case .malformed(let problem):
      Issue.record("\(problem)", sourceLocation: row.sourceLocation)
    case .run(let spec, let input, let expected):
      let actual = await Self.run(spec, over: Marble.parse(input), at: row.sourceLocation)
      let expected = Marble.parse(expected)
      #expect(
        actual == expected,
        "\n   input: \(input)\n\(Marble.comparison(expected: expected, actual: actual))",
        sourceLocation: row.sourceLocation)
    }
  }

  /// What `spec` does with `input`: an operator's consumer receipts, or a pacer's action starts.
  private static func run(
    _ spec: DiagramSpec, over input: [TimedEvent], at sourceLocation: SourceLocation
  ) async -> [TimedEvent] {
    let interval = Duration.seconds(spec.interval)
    let maxWait = spec.maxWait.map { Duration.seconds($0) }
    // Long enough after the last input for everything pending, and a busy action, to settle.
    let horizon = 20 + 2 * (spec.interval + (spec.maxWait ?? 0) + spec.actionSteps)
    switch spec.subject {
    case .debounceOperator:
      return await OperatorHarness.run(input, horizon: horizon, sourceLocation: sourceLocation) {
        upstream, clock in
        upstream.debounce(for: interval, edges: spec.edges, maxWait: maxWait, clock: clock)
      }
    case .throttleOperator:
      return await OperatorHarness.run(input, horizon: horizon, sourceLocation: sourceLocation) {
        upstream, clock in
        spec.fold.throttle(upstream, interval: interval, edges: spec.edges, clock: clock)
      }
    case .debouncer:
      return await PacerHarness.run(
        input, actionSteps: spec.actionSteps, horizon: horizon, sourceLocation: sourceLocation
      ) { clock, action in
        let debouncer = Debouncer(
          for: interval, edges: spec.edges, maxWait: maxWait, clock: clock,
          cancelsRunningAction: spec.cancelsRunningAction, action)
        return ({ debouncer.send($0) }, debouncer)
      }
    case .throttler:
      return await PacerHarness.run(
        input, actionSteps: spec.actionSteps, horizon: horizon, sourceLocation: sourceLocation
      ) { clock, action in
        let throttler = Throttler(
          for: interval, clock: clock, latest: spec.fold != .first, edges: spec.edges,
          cancelsRunningAction: spec.cancelsRunningAction, action)
        return ({ throttler.send($0) }, throttler)
      }
    }
  }
}
