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
    typealias Options = DebounceModelComparisonTests
    let edges = Options.options[option].edges
    await ModelComparison.compare(seed: 1000 &+ UInt64(option), runs: RandomSchedules.scenarioCount)
    { random in
      let (interval, maxWait, input, expected) = Options.randomSchedule(
        option: option, using: &random)
      let actual = await OperatorHarness.run(input, horizon: (maxWait ?? interval) + 1) {
        upstream, clock in
        upstream.debounce(
          for: .seconds(interval), edges: edges, maxWait: maxWait.map { .seconds($0) },
          clock: clock)
      }
      return ModelRun(
        subject: Options.name("debounce", interval, option: option, maxWait: maxWait),
        input: input, expected: expected, actual: actual)
    }
  }
}
