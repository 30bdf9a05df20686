import Testing

/// What one random schedule gave: the subject as a diagram row would name it, its input, the
/// reference model's output and the subject's.
struct ModelRun {
  var subject: String
  var input: [TimedEvent]
  var expected: [TimedEvent]
  var actual: [TimedEvent]
  /// A promise broken besides the output (an interval closure asked out of turn): reported,
  /// and the comparison stops.
  var brokenPromise: String? = nil
  /// Whether the outputs' steps are a diagram's (drawn as rows) or finer units (listed as
  /// `value@unit`: a consumer whose instants fall between steps).
  var outputsAreDrawable = true
}

/// The one loop that compares an implementation with its reference model on random schedules.
enum ModelComparison {
  /// How many mismatches are reported before the comparison stops.
  private static let reportLimit = 5

  /// Runs `runs` random schedules from `RandomSchedules.seed &+ seed`: each call of `oneRun`
  /// draws its schedule (and whatever else it needs) from the random source and returns what
  /// it gave. Reports the first mismatches with the schedule that caused them; replay one with
  /// `ASYNCPACING_RANDOM_SEED`.
  static func compare(
    seed: UInt64, runs: Int, sourceLocation: SourceLocation = #_sourceLocation,
    _ oneRun: (inout SplitMix64) async -> ModelRun
  ) async {
    var random = SplitMix64(seed: RandomSchedules.seed &+ seed)
    var reported = 0
    for number in 0..<runs {
      // A comparison of a pure machine never suspends: without a yield, two of them hold both
      // threads of a two-core machine's pool and starve every other test (a real-clock test
      // timed out that way in CI).
      if number % 64 == 63 { await Task.yield() }
      let run = await oneRun(&random)
      if run.actual != run.expected {
        reported += 1
        Issue.record(
          """
          run \(number): \(run.subject)
             input: \(Marble.render(run.input))
          \(run.outputsAreDrawable
            ? Marble.comparison(expected: run.expected, actual: run.actual)
            : "  expected: \(run.expected)\n    actual: \(run.actual)")
          """, sourceLocation: sourceLocation)
        if reported == reportLimit { return }
      }
      if let problem = run.brokenPromise {
        Issue.record(
          "run \(number): \(run.subject), input \(Marble.render(run.input)): \(problem)",
          sourceLocation: sourceLocation)
        return
      }
    }
  }
}
