import Testing

@testable import AsyncPacing

/// The sample machine, and the operator on a ``TestClock``, against the reference model on
/// random schedules.
@Suite struct SampleModelComparisonTests {
  @Test func theMachineMatchesTheModel() {
    var random = SplitMix64(seed: RandomSchedules.seed &+ 7000)
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.count {
      let interval = Int(random.next() % 4) + 1
      let input = RandomSchedules.make(interval: interval, using: &random)
      let expected = SampleModel.run(input, interval: interval)
      var machine = SampleMachine<String, TestClock.Instant>(
        interval: .seconds(interval), origin: TestClock.Instant())
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      let actual = MachineDriver.run(&machine, input, timers: timers)
      if mismatches.check(
        run: run, "sample(\(interval))", input: input, expected: expected, actual: actual)
      {
        return
      }
    }
  }

  @Test func theOperatorMatchesTheModel() async {
    var random = SplitMix64(seed: RandomSchedules.seed &+ 8000)
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.scenarioCount {
      let interval = Int(random.next() % 4) + 1
      let input = RandomSchedules.make(interval: interval, using: &random)
      let expected = SampleModel.run(input, interval: interval)
      let actual = await OperatorHarness.run(input, horizon: interval + 1) { upstream, clock in
        upstream.sample(every: .seconds(interval), clock: clock)
      }
      if mismatches.check(
        run: run, "sample(\(interval))", input: input, expected: expected, actual: actual)
      {
        return
      }
    }
  }
}
