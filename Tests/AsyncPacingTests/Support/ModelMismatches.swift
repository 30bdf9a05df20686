import Testing

/// Compares an implementation's output with its reference model's, run after run, and
/// reports the first few differences with the schedule that caused them.
struct ModelMismatches {
  private var reported = 0
  private let limit = 5

  /// Records a difference, if any; `true` once enough were reported to stop.
  mutating func check(
    run: Int, _ description: @autoclosure () -> String, input: [TimedEvent],
    expected: [TimedEvent], actual: [TimedEvent],
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    guard actual != expected else { return false }
    reported += 1
    Issue.record(
      """
      run \(run): \(description())
         input: \(Marble.render(input))
      \(Marble.comparison(expected: expected, actual: actual))
      """, sourceLocation: sourceLocation)
    return reported == limit
  }
}
