import Testing

@testable import AsyncPacing

/// Throttle whose windows last the interval of the value that opens each, a random function of
/// the value, against the reference model: the machine under late timers, the operator on a
/// TestClock, and the pacer with an instantaneous action. The debounce pacer's per-value form
/// is compared here too, since its operator's comparison lives beside the debounce ones.
@Suite struct PerElementThrottleComparisonTests {
  static let options = PacerModelComparisonTests.throttlerOptions

  @Test(arguments: options.indices)
  func theMachineMatchesTheModel(option: Int) async {
    await Self.compare(
      option: option, seed: 9200, runs: RandomSchedules.count, subject: "throttle"
    ) { input, interval, latest, edges, random in
      var machine = ThrottleMachine<String, String, TestClock.Instant, _>(
        ThrottleConfiguration(intervalPerValueEdges: edges, function: "throttle"),
        fold: .keeping(latest: latest), intervals: IntervalPerValue(interval))
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

  /// Runs `runs` random schedules through `subject`, given each schedule and a random interval
  /// closure that records its requests, and compares the output with the model's: reports the
  /// first mismatches, and the first request the closure's promise rules out (an element asked
  /// for twice, or with a leading edge one that never came out).
  private static func compare(
    option: Int, seed: UInt64, runs: Int, valuesOnly: Bool = false, subject: String,
    _ run: (
      _ input: [TimedEvent], _ interval: @escaping @Sendable (String) -> Duration,
      _ latest: Bool, _ edges: PacingEdges, _ random: inout SplitMix64
    ) async -> [TimedEvent]
  ) async {
    let (fold, edges) = options[option]
    var random = SplitMix64(seed: RandomSchedules.seed &+ seed &+ UInt64(option))
    var mismatches = ModelMismatches()
    let description = "\(subject)(per element, fold: \(fold), edges: \(edges))"
    for number in 0..<runs {
      let intervals = PerElementDebounceComparisonTests.randomIntervals(using: &random)
      let input =
        valuesOnly
        ? PacerModelComparisonTests.values(interval: 2, using: &random)
        : RandomSchedules.make(interval: 2, using: &random)
      let expected = ThrottleModel.run(input, intervals: intervals, fold: fold, edges: edges)
      let requests = IntervalRequests()
      let actual = await run(
        input, requests.recording(intervals), fold == .latest, edges, &random)
      if mismatches.check(
        run: number, description, input: input, expected: expected, actual: actual)
      {
        return
      }
      if let problem = requests.problem(output: actual, onlyEmitted: edges.contains(.leading)) {
        Issue.record("run \(number): \(description), input \(Marble.render(input)): \(problem)")
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
