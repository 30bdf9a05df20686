import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// Throttle whose windows last the interval of the value that opens each, a random function of
/// the value, against the reference model: the machine under late timers, the operator on a
/// TestClock, and the pacer with an instantaneous action.
@Suite struct PerElementThrottleComparisonTests {
  static let options = PacerModelComparisonTests.throttlerOptions

  @Test(arguments: options.indices)
  func theMachineMatchesTheModel(option: Int) async {
    await Self.compare(
      option: option, seed: 9200, runs: RandomSchedules.count, subject: "throttle"
    ) { input, interval, latest, edges, random in
      var machine = ThrottleMachine<ThrottleKeepsElements<String, String>, TestClock.Instant, _>(
        ThrottleConfiguration(intervalPerValueEdges: edges, function: "throttle"),
        fold: ThrottleKeepsElements(latest: latest), intervals: IntervalPerValue(interval))
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      return MachineDriver.run(&machine, input, timers: timers)
    }
  }

  @Test(arguments: options.indices)
  func theOperatorMatchesTheModel(option: Int) async {
    await Self.compare(
      option: option, seed: 9300, runs: RandomSchedules.scenarioCount, subject: "throttle"
    ) { input, interval, latest, edges, _ in
      await OperatorHarness.run(input, horizon: 9) { upstream, clock in
        upstream.throttle(for: interval, clock: clock, latest: latest, edges: edges)
      }
    }
  }

  @Test(arguments: options.indices)
  func theThrottlerMatchesTheModel(option: Int) async {
    await Self.compare(
      option: option, seed: 9400, runs: RandomSchedules.scenarioCount, valuesOnly: true,
      subject: "Throttler"
    ) { input, interval, latest, edges, _ in
      await PacerHarness.run(input, horizon: 9) { clock, action in
        let throttler = Throttler(
          for: interval, clock: clock, latest: latest, edges: edges, action)
        return ({ throttler.send($0) }, throttler)
      }
    }
  }

  /// ``PerElementComparison/run(_:seed:runs:valuesOnly:onlyEmitted:model:subject:sourceLocation:)``
  /// for one of the throttle options; with a leading edge, only elements that come out are
  /// asked for their interval.
  private static func compare(
    option: Int, seed: UInt64, runs: Int, valuesOnly: Bool = false, subject: String,
    _ run: (
      _ input: [TimedEvent], _ interval: @escaping @Sendable (String) -> Duration,
      _ latest: Bool, _ edges: PacingEdges, _ random: inout SplitMix64
    ) async -> [TimedEvent]
  ) async {
    let (fold, edges) = options[option]
    await PerElementComparison.run(
      "\(subject)(per element, fold: \(fold), edges: \(edges))", seed: seed &+ UInt64(option),
      runs: runs, valuesOnly: valuesOnly, onlyEmitted: edges.contains(.leading),
      model: { ThrottleModel.run($0, intervals: $1, fold: fold, edges: edges) },
      subject: { input, interval, random in
        await run(input, interval, fold == .latest, edges, &random)
      })
  }
}
