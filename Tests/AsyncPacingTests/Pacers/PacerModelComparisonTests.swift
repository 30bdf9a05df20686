import Testing

@testable import AsyncPacing

/// The pacers, driven through `send` with an instantaneous action, against the reference
/// models on random schedules: the action starts exactly when the operator would emit.
@Suite struct PacerModelComparisonTests {
  /// A random schedule of values only: pacers neither finish nor fail.
  static func values(interval: Int, using random: inout SplitMix64) -> [TimedEvent] {
    RandomSchedules.make(interval: interval, using: &random).filter {
      if case .value = $0.event { true } else { false }
    }
  }

  @Test(arguments: DebounceModelComparisonTests.options.indices)
  func theDebouncerMatchesTheModel(option: Int) async {
    let edges = DebounceModelComparisonTests.options[option].edges
    await DebounceModelComparisonTests.compare(
      "Debouncer", option: option, seed: 4000, values: true
    ) { input, interval, maxWait in
      await PacerHarness.run(input, horizon: (maxWait ?? interval) + 1) { clock, action in
        let debouncer = Debouncer(
          for: .seconds(interval), edges: edges, maxWait: maxWait.map { .seconds($0) },
          clock: clock, action)
        return ({ debouncer.send($0) }, debouncer)
      }
    }
  }

  /// A throttler keeps the latest or the first value: it does not reduce.
  static let throttlerOptions = ThrottleModelComparisonTests.options.filter {
    $0.fold != .concatenate
  }

  @Test(arguments: throttlerOptions.indices)
  func theThrottlerMatchesTheModel(option: Int) async {
    let (fold, edges) = Self.throttlerOptions[option]
    await ModelComparison.compare(seed: 5000 &+ UInt64(option), runs: RandomSchedules.scenarioCount)
    { random in
      let interval = Int(random.next() % 5)
      let input = Self.values(interval: interval, using: &random)
      let actual = await PacerHarness.run(input, horizon: 2 * interval + 1) { clock, action in
        let throttler = Throttler(
          for: .seconds(interval), clock: clock, latest: fold == .latest, edges: edges, action)
        return ({ throttler.send($0) }, throttler)
      }
      return ModelRun(
        subject: "Throttler(\(interval), fold: \(fold), edges: \(edges))", input: input,
        expected: ThrottleModel.run(input, interval: interval, fold: fold, edges: edges),
        actual: actual)
    }
  }
}
