import Testing

@testable import AsyncPacing

/// The throttle machine, and the operator on a ``TestClock``, against the independent
/// reference model on random schedules.
@Suite struct ThrottleModelComparisonTests {
  static let options: [(fold: ThrottleModel.Fold, edges: PacingEdges)] = [
    (.latest, [.leading, .trailing]), (.latest, .leading), (.latest, .trailing),
    (.first, [.leading, .trailing]), (.first, .trailing),
    (.concatenate, [.leading, .trailing]), (.concatenate, .leading), (.concatenate, .trailing),
  ]

  @Test(arguments: options.indices)
  func theMachineMatchesTheModel(option: Int) {
    let (fold, edges) = Self.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 2000 &+ UInt64(option))
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.count {
      let interval = Int(random.next() % 5)
      let input = RandomSchedules.make(interval: interval, using: &random)
      let expected = ThrottleModel.run(input, interval: interval, fold: fold, edges: edges)
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      let actual = MachineDriver.runThrottle(
        interval: interval, fold: fold, edges: edges, input, timers: timers)
      let description = "throttle(\(interval), fold: \(fold), edges: \(edges))"
      if mismatches.check(
        run: run, description, input: input, expected: expected, actual: actual)
      {
        return
      }
    }
  }

  @Test(arguments: options.indices)
  func theOperatorMatchesTheModel(option: Int) async {
    let (fold, edges) = Self.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 3000 &+ UInt64(option))
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.scenarioCount {
      let interval = Int(random.next() % 5)
      let input = RandomSchedules.make(interval: interval, using: &random)
      let expected = ThrottleModel.run(input, interval: interval, fold: fold, edges: edges)
      let actual = await OperatorHarness.run(input, horizon: 2 * interval + 1) {
        upstream, clock in
        fold.throttle(upstream, interval: .seconds(interval), edges: edges, clock: clock)
      }
      let description = "throttle(\(interval), fold: \(fold), edges: \(edges))"
      if mismatches.check(
        run: run, description, input: input, expected: expected, actual: actual)
      {
        return
      }
    }
  }
}
