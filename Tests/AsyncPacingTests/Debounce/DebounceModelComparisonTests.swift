import Testing

@testable import AsyncPacing

/// The machine against the independent reference model, on random schedules.
@Suite struct DebounceModelComparisonTests {
  static let options: [(edges: PacingEdges, maxWaitExtra: Int?)] = [
    (.trailing, nil), (.leading, nil), ([.leading, .trailing], nil),
    (.trailing, 0), (.trailing, 2), ([.leading, .trailing], 0), ([.leading, .trailing], 3),
  ]

  @Test(arguments: options.indices)
  func theMachineMatchesTheModel(option: Int) {
    let (edges, maxWaitExtra) = Self.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ UInt64(option))
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.count {
      let interval = Int(random.next() % 5)
      let maxWait = maxWaitExtra.map { interval + $0 }
      let input = RandomSchedules.make(interval: interval, using: &random)
      let expected = DebounceModel.run(input, interval: interval, edges: edges, maxWait: maxWait)
      var machine = FixedDebounceMachine<String, TestClock.Instant>(
        DebounceConfiguration(
          interval: .seconds(interval), edges: edges, maxWait: maxWait.map { .seconds($0) }))
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      let actual = MachineDriver.run(&machine, input, timers: timers)
      let description =
        "debounce(\(interval), edges: \(edges), maxWait: \(maxWait.map(String.init) ?? "nil"))"
      if mismatches.check(
        run: run, description, input: input, expected: expected, actual: actual)
      {
        return
      }
    }
  }
}

/// The operator on a ``TestClock`` against the reference model, on random schedules.
@Suite struct DebounceOperatorModelComparisonTests {
  @Test(arguments: DebounceModelComparisonTests.options.indices)
  func theOperatorMatchesTheModel(option: Int) async {
    let (edges, maxWaitExtra) = DebounceModelComparisonTests.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 1000 &+ UInt64(option))
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.scenarioCount {
      let interval = Int(random.next() % 5)
      let maxWait = maxWaitExtra.map { interval + $0 }
      let input = RandomSchedules.make(interval: interval, using: &random)
      let expected = DebounceModel.run(input, interval: interval, edges: edges, maxWait: maxWait)
      let horizon = (maxWait ?? interval) + 1
      let actual = await OperatorHarness.run(input, horizon: horizon) { upstream, clock in
        upstream.debounce(
          for: .seconds(interval), edges: edges, maxWait: maxWait.map { .seconds($0) },
          clock: clock)
      }
      let description =
        "debounce(\(interval), edges: \(edges), maxWait: \(maxWait.map(String.init) ?? "nil"))"
      if mismatches.check(
        run: run, description, input: input, expected: expected, actual: actual)
      {
        return
      }
    }
  }
}
