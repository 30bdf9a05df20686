import Testing

/// Per-element operators and pacers against their reference model, on random schedules with a
/// random interval for each element: the outputs must match, and the interval closure must
/// keep its promise (``IntervalRequests``).
enum PerElementComparison {
  /// A random interval, -1 to 4 steps, for each element name: the same name, the same
  /// interval (a negative one counts as zero).
  static func randomIntervals(using random: inout SplitMix64) -> @Sendable (String) -> Int {
    let table = (0..<7).map { _ in Int(random.next() % 6) - 1 }
    return { name in table[name.unicodeScalars.reduce(0) { $0 + Int($1.value) } % table.count] }
  }

  /// Runs `runs` random schedules from `seed` (of values only, for a pacer, which neither
  /// finishes nor fails). `model` gives each schedule's expected output from the intervals in
  /// steps; `subject` the actual one from the interval closure, which records its requests,
  /// and the random source, for what else it draws. Reports the first mismatches, and the
  /// first request the promise rules out (`onlyEmitted`: see ``IntervalRequests``).
  static func run(
    _ description: String, seed: UInt64, runs: Int, valuesOnly: Bool = false,
    onlyEmitted: Bool,
    model: (_ input: [TimedEvent], _ intervals: @escaping (String) -> Int) -> [TimedEvent],
    subject: (
      _ input: [TimedEvent], _ interval: @escaping @Sendable (String) -> Duration,
      _ random: inout SplitMix64
    ) async -> [TimedEvent],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await ModelComparison.compare(seed: seed, runs: runs, sourceLocation: sourceLocation) {
      random in
      let intervals = randomIntervals(using: &random)
      let input =
        valuesOnly
        ? PacerModelComparisonTests.values(interval: 2, using: &random)
        : RandomSchedules.make(interval: 2, using: &random)
      let requests = IntervalRequests()
      let actual = await subject(input, requests.recording(intervals), &random)
      return ModelRun(
        subject: description, input: input, expected: model(input, intervals), actual: actual,
        brokenPromise: requests.problem(output: actual, onlyEmitted: onlyEmitted))
    }
  }
}
