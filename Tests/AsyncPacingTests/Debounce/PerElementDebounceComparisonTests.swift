import Testing

@testable import AsyncPacing

/// Debounce with each element's own interval, a random function of the element, against the
/// reference model: the machine under late timers, and the operator on a TestClock (the pacer
/// runs the same machine, and the contract's diagrams check it).
@Suite struct PerElementDebounceComparisonTests {
  /// A random interval, -1 to 4 steps, for each element name: the same name, the same
  /// interval (a negative one counts as zero).
  static func randomIntervals(using random: inout SplitMix64) -> @Sendable (String) -> Int {
    let table = (0..<7).map { _ in Int(random.next() % 6) - 1 }
    return { name in table[name.unicodeScalars.reduce(0) { $0 + Int($1.value) } % table.count] }
  }

  @Test(arguments: DebounceModelComparisonTests.options.indices)
  func theMachineMatchesTheModel(option: Int) {
    let (edges, maxWaitExtra) = DebounceModelComparisonTests.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 9000 &+ UInt64(option))
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.count {
      let intervals = Self.randomIntervals(using: &random)
      let maxWait = maxWaitExtra.map { 2 + $0 }
      let input = RandomSchedules.make(interval: 2, using: &random)
      let expected = DebounceModel.run(input, intervals: intervals, edges: edges, maxWait: maxWait)
      var machine = DebounceMachine<String, TestClock.Instant, _>(
        DebounceConfiguration(
          intervalPerElementEdges: edges, maxWait: maxWait.map { .seconds($0) },
          function: "debounce"),
        intervals: IntervalPerValue { .seconds(intervals($0)) })
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      let actual = MachineDriver.run(&machine, input, timers: timers)
      if mismatches.check(
        run: run, "debounce(per element, edges: \(edges), maxWait: \(String(describing: maxWait)))",
        input: input, expected: expected, actual: actual)
      {
        return
      }
    }
  }

  @Test(arguments: DebounceModelComparisonTests.options.indices)
  func theOperatorMatchesTheModel(option: Int) async {
    let (edges, maxWaitExtra) = DebounceModelComparisonTests.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 9100 &+ UInt64(option))
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.scenarioCount {
      let intervals = Self.randomIntervals(using: &random)
      let maxWait = maxWaitExtra.map { 2 + $0 }
      let input = RandomSchedules.make(interval: 2, using: &random)
      let expected = DebounceModel.run(input, intervals: intervals, edges: edges, maxWait: maxWait)
      let actual = await OperatorHarness.run(input, horizon: 8) { upstream, clock in
        upstream.debounce(
          for: { .seconds(intervals($0)) }, edges: edges, maxWait: maxWait.map { .seconds($0) },
          clock: clock)
      }
      if mismatches.check(
        run: run, "debounce(per element, edges: \(edges), maxWait: \(String(describing: maxWait)))",
        input: input, expected: expected, actual: actual)
      {
        return
      }
    }
  }
}
