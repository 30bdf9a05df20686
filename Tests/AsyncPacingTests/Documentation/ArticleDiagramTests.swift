import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The marble diagrams of the articles and the README, run through the real operators and
/// pacers on a ``TestClock``, the machines and the reference models: a diagram that no longer
/// matches the code fails here.
@Suite struct ArticleDiagramTests {
  // Without it, a scan that finds nothing (a moved catalog, a changed fence) passes quietly.
  @Test func theDocumentationHasDiagramsToCheck() {
    #expect(ArticleDiagrams.inPackage.blockCount >= 1, "no ```marble block found")
  }

  /// Each row through every run that must give its output (see
  /// ``DiagramRun/all(for:rowEnds:)``).
  @Test(arguments: ArticleDiagrams.inPackage.rows)
  func diagramRow(_ row: ArticleDiagramRow) async {
    switch row.check {
    case .malformed(let problem):
      Issue.record("\(problem)", sourceLocation: row.sourceLocation)
    case .run(let spec, let input, let expected):
      let rowEnds = (input + expected).contains { "|^".contains($0) }
      let expected = Marble.parse(expected)
      for run in DiagramRun.all(for: spec, rowEnds: rowEnds) {
        let actual = await run.run(Marble.parse(input), row.sourceLocation)
        #expect(
          actual == expected,
          "\n  run by: \(run.name)\n   input: \(input)\n\(Marble.comparison(expected: expected, actual: actual))",
          sourceLocation: row.sourceLocation)
      }
    }
  }
}
