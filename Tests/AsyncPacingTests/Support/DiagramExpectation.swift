import Testing

/// Expects `actual` to be the events `expected` draws, and shows both diagrams, aligned, when
/// it is not.
func expect(
  _ actual: [TimedEvent], draws expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let expectedEvents = Marble.parse(expected)
  #expect(
    actual == expectedEvents, "\(Marble.comparison(expected: expectedEvents, actual: actual))",
    sourceLocation: sourceLocation)
}
