import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The machine against the independent reference model, on random schedules.
@Suite struct DebounceModelComparisonTests {
  static let options: [(edges: PacingEdges, maxWaitExtra: Int?)] = [
    (.trailing, nil), (.leading, nil), ([.leading, .trailing], nil),
    (.trailing, 0), (.trailing, 2), ([.leading, .trailing], 0), ([.leading, .trailing], 3),
  ]

  /// A debounce with `option`'s edges and `maxWait`, on a random interval.
  static func randomSchedule(
    option: Int, values: Bool = false, using random: inout SplitMix64
  ) -> (interval: Int, maxWait: Int?, input: [TimedEvent], expected: [TimedEvent]) {
    let (edges, maxWaitExtra) = options[option]
    let interval = Int(random.next() % 5)
    let maxWait = maxWaitExtra.map { interval + $0 }
    let input =
      values
      ? PacerModelComparisonTests.values(interval: interval, using: &random)
      : RandomSchedules.make(interval: interval, using: &random)
    return (
      interval, maxWait, input,
      DebounceModel.run(input, interval: interval, edges: edges, maxWait: maxWait)
    )
  }

  static func name(_ subject: String, _ interval: Int, option: Int, maxWait: Int?) -> String {
    "\(subject)(\(interval), edges: \(options[option].edges), maxWait: "
      + "\(maxWait.map(String.init) ?? "nil"))"
  }

  /// Compares `subject` with the model on random schedules of `option`, from `seed`: `play`
  /// runs one schedule (its input, interval and `maxWait`, in steps) and returns the output.
  static func compare(
    _ subject: String, option: Int, seed: UInt64, values: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ play: (_ input: [TimedEvent], _ interval: Int, _ maxWait: Int?) async -> [TimedEvent]
  ) async {
    await ModelComparison.compare(
      seed: seed &+ UInt64(option), runs: RandomSchedules.scenarioCount,
      sourceLocation: sourceLocation
    ) { random in
      let (interval, maxWait, input, expected) = randomSchedule(
        option: option, values: values, using: &random)
      return ModelRun(
        subject: name(subject, interval, option: option, maxWait: maxWait), input: input,
        expected: expected, actual: await play(input, interval, maxWait))
    }
  }

  @Test(arguments: options.indices)
  func theMachineMatchesTheModel(option: Int) async {
    await ModelComparison.compare(seed: UInt64(option), runs: RandomSchedules.count) { random in
      let (interval, maxWait, input, expected) = Self.randomSchedule(option: option, using: &random)
      var machine = FixedDebounceMachine<String, TestClock.Instant>(
        DebounceConfiguration(
          interval: .seconds(interval), edges: Self.options[option].edges,
          maxWait: maxWait.map { .seconds($0) }))
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      let actual = MachineDriver.run(&machine, input, timers: timers)
      return ModelRun(
        subject: Self.name("debounce", interval, option: option, maxWait: maxWait), input: input,
        expected: expected, actual: actual)
    }
  }
}

/// The operator on a ``TestClock`` against the reference model, on random schedules.
@Suite struct DebounceOperatorModelComparisonTests {
  @Test(arguments: DebounceModelComparisonTests.options.indices)
  func theOperatorMatchesTheModel(option: Int) async {
    let edges = DebounceModelComparisonTests.options[option].edges
    await DebounceModelComparisonTests.compare("debounce", option: option, seed: 1000) {
      input, interval, maxWait in
      await OperatorHarness.run(input, horizon: (maxWait ?? interval) + 1) { upstream, clock in
        upstream.debounce(
          for: .seconds(interval), edges: edges, maxWait: maxWait.map { .seconds($0) },
          clock: clock)
      }
    }
  }
}
