import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// Debounce with each element's own interval, a random function of the element, against the
/// reference model: the machine under late timers, the operator on a TestClock, and the
/// pacer with an instantaneous action.
@Suite struct PerElementDebounceComparisonTests {
  @Test(arguments: DebounceModelComparisonTests.options.indices)
  func theMachineMatchesTheModel(option: Int) async {
    await Self.compare(option: option, seed: 9000, runs: RandomSchedules.count, subject: "debounce")
    { input, interval, edges, maxWait, random in
      var machine = DebounceMachine<String, TestClock.Instant, _>(
        DebounceConfiguration(
          intervalPerElementEdges: edges, maxWait: maxWait, function: "debounce"),
        intervals: IntervalPerValue(interval))
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      return MachineDriver.run(&machine, input, timers: timers)
    }
  }

  @Test(arguments: DebounceModelComparisonTests.options.indices)
  func theOperatorMatchesTheModel(option: Int) async {
    await Self.compare(
      option: option, seed: 9100, runs: RandomSchedules.scenarioCount, subject: "debounce"
    ) { input, interval, edges, maxWait, _ in
      await OperatorHarness.run(input, horizon: 8) { upstream, clock in
        upstream.debounce(for: interval, edges: edges, maxWait: maxWait, clock: clock)
      }
    }
  }

  @Test(arguments: DebounceModelComparisonTests.options.indices)
  func theDebouncerMatchesTheModel(option: Int) async {
    await Self.compare(
      option: option, seed: 9500, runs: RandomSchedules.scenarioCount, valuesOnly: true,
      subject: "Debouncer"
    ) { input, interval, edges, maxWait, _ in
      await PacerHarness.run(input, horizon: 9) { clock, action in
        let debouncer = Debouncer(
          for: interval, edges: edges, maxWait: maxWait, clock: clock, action)
        return ({ debouncer.send($0) }, debouncer)
      }
    }
  }

  /// ``PerElementComparison/run(_:seed:runs:valuesOnly:onlyEmitted:model:subject:sourceLocation:)``
  /// for one of the debounce options; a debounce asks every element for its interval.
  private static func compare(
    option: Int, seed: UInt64, runs: Int, valuesOnly: Bool = false, subject: String,
    _ run: (
      _ input: [TimedEvent], _ interval: @escaping @Sendable (String) -> Duration,
      _ edges: PacingEdges, _ maxWait: Duration?, _ random: inout SplitMix64
    ) async -> [TimedEvent]
  ) async {
    let (edges, maxWaitExtra) = DebounceModelComparisonTests.options[option]
    let maxWait = maxWaitExtra.map { 2 + $0 }
    await PerElementComparison.run(
      "\(subject)(per element, edges: \(edges), maxWait: \(String(describing: maxWait)))",
      seed: seed &+ UInt64(option), runs: runs, valuesOnly: valuesOnly, onlyEmitted: false,
      model: { DebounceModel.run($0, intervals: $1, edges: edges, maxWait: maxWait) },
      subject: { input, interval, random in
        await run(input, interval, edges, maxWait.map { .seconds($0) }, &random)
      })
  }
}
