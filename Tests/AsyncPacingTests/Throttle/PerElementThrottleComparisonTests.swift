import Testing

@testable import AsyncPacing

/// Throttle whose windows last the interval of the value that opens each, a random function of
/// the value, against the reference model: the machine under late timers, the operator on a
/// TestClock, and the pacer with an instantaneous action. The debounce pacer's per-value form
/// is compared here too, since its operator's comparison lives beside the debounce ones.
@Suite struct PerElementThrottleComparisonTests {
  static let options = PacerModelComparisonTests.throttlerOptions

  @Test(arguments: options.indices)
  func theMachineMatchesTheModel(option: Int) {
    let (fold, edges) = Self.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 9200 &+ UInt64(option))
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.count {
      let intervals = PerElementDebounceComparisonTests.randomIntervals(using: &random)
      let input = RandomSchedules.make(interval: 2, using: &random)
      let expected = ThrottleModel.run(input, intervals: intervals, fold: fold, edges: edges)
      let requests = IntervalRequests()
      var machine = ThrottleMachine<String, String, TestClock.Instant, _>(
        ThrottleConfiguration(intervalPerValueEdges: edges, function: "throttle"),
        fold: .keeping(latest: fold == .latest),
        intervals: IntervalPerValue(requests.recording(intervals)))
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      let actual = MachineDriver.run(&machine, input, timers: timers)
      let description = "throttle(per element, fold: \(fold), edges: \(edges))"
      if mismatches.check(
        run: run, description, input: input, expected: expected, actual: actual)
      {
        return
      }
      if let problem = requests.problem(output: actual, onlyEmitted: edges.contains(.leading)) {
        Issue.record("run \(run): \(description), input \(Marble.render(input)): \(problem)")
        return
      }
    }
  }

  @Test(arguments: options.indices)
  func theOperatorMatchesTheModel(option: Int) async {
    let (fold, edges) = Self.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 9300 &+ UInt64(option))
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.scenarioCount {
      let intervals = PerElementDebounceComparisonTests.randomIntervals(using: &random)
      let input = RandomSchedules.make(interval: 2, using: &random)
      let expected = ThrottleModel.run(input, intervals: intervals, fold: fold, edges: edges)
      let requests = IntervalRequests()
      let actual = await OperatorHarness.run(input, horizon: 9) { upstream, clock in
        upstream.throttle(
          for: requests.recording(intervals), clock: clock, latest: fold == .latest,
          edges: edges)
      }
      let description = "throttle(per element, fold: \(fold), edges: \(edges))"
      if mismatches.check(
        run: run, description, input: input, expected: expected, actual: actual)
      {
        return
      }
      if let problem = requests.problem(output: actual, onlyEmitted: edges.contains(.leading)) {
        Issue.record("run \(run): \(description), input \(Marble.render(input)): \(problem)")
        return
      }
    }
  }

  @Test(arguments: options.indices)
  func theThrottlerMatchesTheModel(option: Int) async {
    let (fold, edges) = Self.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 9400 &+ UInt64(option))
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.scenarioCount {
      let intervals = PerElementDebounceComparisonTests.randomIntervals(using: &random)
      let input = PacerModelComparisonTests.values(interval: 2, using: &random)
      let expected = ThrottleModel.run(input, intervals: intervals, fold: fold, edges: edges)
      let requests = IntervalRequests()
      let actual = await PacerHarness.run(input, horizon: 9) { clock, action in
        let throttler = Throttler(
          for: requests.recording(intervals), clock: clock, latest: fold == .latest,
          edges: edges, action)
        return ({ throttler.send($0) }, throttler)
      }
      let description = "Throttler(per value, fold: \(fold), edges: \(edges))"
      if mismatches.check(
        run: run, description, input: input, expected: expected, actual: actual)
      {
        return
      }
      if let problem = requests.problem(output: actual, onlyEmitted: edges.contains(.leading)) {
        Issue.record("run \(run): \(description), input \(Marble.render(input)): \(problem)")
        return
      }
    }
  }

  @Test(arguments: DebounceModelComparisonTests.options.indices)
  func theDebouncerMatchesTheModel(option: Int) async {
    let (edges, maxWaitExtra) = DebounceModelComparisonTests.options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ 9500 &+ UInt64(option))
    var mismatches = ModelMismatches()
    for run in 0..<RandomSchedules.scenarioCount {
      let intervals = PerElementDebounceComparisonTests.randomIntervals(using: &random)
      let maxWait = maxWaitExtra.map { 2 + $0 }
      let input = PacerModelComparisonTests.values(interval: 2, using: &random)
      let expected = DebounceModel.run(input, intervals: intervals, edges: edges, maxWait: maxWait)
      let requests = IntervalRequests()
      let actual = await PacerHarness.run(input, horizon: 9) { clock, action in
        let debouncer = Debouncer(
          for: requests.recording(intervals), edges: edges,
          maxWait: maxWait.map { .seconds($0) }, clock: clock, action)
        return ({ debouncer.send($0) }, debouncer)
      }
      if let problem = requests.problem(output: actual, onlyEmitted: false) {
        Issue.record("run \(run): Debouncer(per value), input \(Marble.render(input)): \(problem)")
        return
      }
      if mismatches.check(
        run: run, "Debouncer(per value, edges: \(edges), maxWait: \(String(describing: maxWait)))",
        input: input, expected: expected, actual: actual)
      {
        return
      }
    }
  }
}
