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

  private static func report(
    run: Int, interval: Int, option: Int, input: [TimedEvent], expected: [TimedEvent],
    actual: [TimedEvent]
  ) {
    let (fold, edges) = options[option]
    Issue.record(
      """
      run \(run): throttle(\(interval), fold: \(fold), edges: \(edges))
         input: \(Marble.render(input))
      \(Marble.comparison(expected: expected, actual: actual))
      """)
  }

  @Test(arguments: options.indices)
  func theMachineMatchesTheModel(option: Int) {
    let (fold, edges) = Self.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 2000 &+ UInt64(option))
    var mismatches = 0
    for run in 0..<RandomSchedules.count {
      let interval = Int(random.next() % 5)
      let input = RandomSchedules.make(interval: interval, using: &random)
      let expected = ThrottleModel.run(input, interval: interval, fold: fold, edges: edges)
      var machine = ThrottleElementMachine(interval: interval, fold: fold, edges: edges)
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      let actual = MachineDriver.run(&machine, input, timers: timers)
      guard actual != expected else { continue }
      Self.report(
        run: run, interval: interval, option: option, input: input, expected: expected,
        actual: actual)
      mismatches += 1
      if mismatches == 5 { return }
    }
  }

  @Test(arguments: options.indices)
  func theOperatorMatchesTheModel(option: Int) async {
    let (fold, edges) = Self.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 3000 &+ UInt64(option))
    var mismatches = 0
    for run in 0..<max(RandomSchedules.count / 10, 1) {
      let interval = Int(random.next() % 5)
      let input = RandomSchedules.make(interval: interval, using: &random)
      let expected = ThrottleModel.run(input, interval: interval, fold: fold, edges: edges)
      let actual = await OperatorHarness.run(input, horizon: 2 * interval + 1) {
        upstream, clock in
        fold.throttle(upstream, interval: .seconds(interval), edges: edges, clock: clock)
      }
      guard actual != expected else { continue }
      Self.report(
        run: run, interval: interval, option: option, input: input, expected: expected,
        actual: actual)
      mismatches += 1
      if mismatches == 5 { return }
    }
  }
}
