import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The sample machine, and the operator on a ``TestClock``, against the reference model on
/// random schedules.
@Suite struct SampleModelComparisonTests {
  @Test func theMachineMatchesTheModel() async {
    await ModelComparison.compare(seed: 7000, runs: RandomSchedules.count) { random in
      let interval = Int(random.next() % 4) + 1
      let input = RandomSchedules.make(interval: interval, using: &random)
      var machine = SampleMachine<String, TestClock.Instant>(
        interval: .seconds(interval), origin: TestClock.Instant())
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      return ModelRun(
        subject: "sample(\(interval))", input: input,
        expected: SampleModel.run(input, interval: interval),
        actual: MachineDriver.run(&machine, input, timers: timers))
    }
  }

  @Test func theOperatorMatchesTheModel() async {
    await ModelComparison.compare(seed: 8000, runs: RandomSchedules.scenarioCount) { random in
      let interval = Int(random.next() % 4) + 1
      let input = RandomSchedules.make(interval: interval, using: &random)
      let actual = await OperatorHarness.run(input, horizon: interval + 1) { upstream, clock in
        upstream.sample(every: .seconds(interval), clock: clock)
      }
      return ModelRun(
        subject: "sample(\(interval))", input: input,
        expected: SampleModel.run(input, interval: interval), actual: actual)
    }
  }
}
