import AsyncPacingTesting
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

  /// A throttle with `option`'s fold and edges, on a random interval and schedule.
  static func randomSchedule(
    option: Int, using random: inout SplitMix64
  ) -> (interval: Int, input: [TimedEvent], expected: [TimedEvent], subject: String) {
    let (fold, edges) = options[option]
    let interval = Int(random.next() % 5)
    let input = RandomSchedules.make(interval: interval, using: &random)
    return (
      interval, input, ThrottleModel.run(input, interval: interval, fold: fold, edges: edges),
      "throttle(\(interval), fold: \(fold), edges: \(edges))"
    )
  }

  @Test(arguments: options.indices)
  func theMachineMatchesTheModel(option: Int) async {
    let (fold, edges) = Self.options[option]
    await ModelComparison.compare(seed: 2000 &+ UInt64(option), runs: RandomSchedules.count) {
      random in
      let (interval, input, expected, subject) = Self.randomSchedule(option: option, using: &random)
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      let actual = MachineDriver.runThrottle(
        interval: interval, fold: fold, edges: edges, input, timers: timers)
      return ModelRun(subject: subject, input: input, expected: expected, actual: actual)
    }
  }

  @Test(arguments: options.indices)
  func theOperatorMatchesTheModel(option: Int) async {
    let (fold, edges) = Self.options[option]
    await ModelComparison.compare(seed: 3000 &+ UInt64(option), runs: RandomSchedules.scenarioCount)
    { random in
      let (interval, input, expected, subject) = Self.randomSchedule(option: option, using: &random)
      let actual = await OperatorHarness.run(input, horizon: 2 * interval + 1) {
        upstream, clock in
        fold.throttle(upstream, interval: .seconds(interval), edges: edges, clock: clock)
      }
      return ModelRun(subject: subject, input: input, expected: expected, actual: actual)
    }
  }
}
