import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// `rateLimited` against its reference model on random schedules: the machine alone, driven as
/// the shell reads on demand, and the operator on a ``TestClock``.
@Suite struct RateLimitModelComparisonTests {
  /// Random limits, and a schedule measured in units of a permit's share of a step, so that
  /// token k falls at k × interval units exactly: the model needs no rounding, and the machine's
  /// exact ⌈…⌉ to the attosecond agrees with it (its rounding has tests of its own).
  struct Limits: CustomStringConvertible {
    var permits: Int
    var interval: Int
    var burst: Int
    var consumer: Int

    init(using random: inout SplitMix64) {
      permits = Int(random.next() % 3) + 1
      interval = Int(random.next() % 5) + 1
      burst = Int(random.next() % 3) + 1
      consumer = Int(random.next() % 3)
    }

    /// The period in units: `interval` steps of `permits` units.
    var intervalUnits: Int { interval * permits }
    var consumerUnits: Int { consumer * permits }

    func inUnits(_ input: [TimedEvent]) -> [TimedEvent] {
      input.map { TimedEvent(step: $0.step * permits, event: $0.event) }
    }

    func expected(_ input: [TimedEvent]) -> [TimedEvent] {
      RateLimitModel.run(
        inUnits(input), permits: permits, interval: intervalUnits, burst: burst,
        consumerSteps: consumerUnits)
    }

    var description: String {
      "rateLimited(to: \(permits), per: \(intervalUnits), burst: \(burst)), consumer: "
        + "\(consumerUnits), in units of 1/\(permits) step"
    }
  }

  @Test func theMachineMatchesTheModel() async {
    await ModelComparison.compare(seed: 50_000, runs: RandomSchedules.count) { random in
      let limits = Limits(using: &random)
      let input = RandomSchedules.make(interval: limits.interval, using: &random)
      return ModelRun(
        subject: "\(limits)", input: limits.inUnits(input), expected: limits.expected(input),
        actual: Self.drive(limits.inUnits(input), limits))
    }
  }

  @Test func theOperatorMatchesTheModel() async {
    await ModelComparison.compare(seed: 51_000, runs: RandomSchedules.scenarioCount) { random in
      let limits = Limits(using: &random)
      let input = RandomSchedules.make(interval: limits.interval, using: &random)
      let actual = await OperatorHarness.run(
        limits.inUnits(input), busySteps: limits.consumerUnits,
        horizon: (input.count + 1) * (limits.intervalUnits + limits.consumerUnits) + 2
      ) { upstream, clock in
        upstream.rateLimited(
          to: limits.permits, per: .seconds(limits.intervalUnits), burst: limits.burst,
          clock: clock)
      }
      return ModelRun(
        subject: "\(limits)", input: limits.inUnits(input), expected: limits.expected(input),
        actual: actual)
    }
  }

  /// Runs the machine as the shell would: one ask per `next()`, the next event taken at the
  /// first ask not before its step, a waiting element's deadline handed over at its instant.
  static func drive(_ input: [TimedEvent], _ limits: Limits) -> [TimedEvent] {
    var machine = RateLimitMachine<String, TestClock.Instant>(
      permits: limits.permits, per: .seconds(limits.intervalUnits), burst: limits.burst)
    let origin = TestClock.Instant()
    func instant(_ step: Int) -> TestClock.Instant { origin.advanced(by: .seconds(step)) }
    func step(_ instant: TestClock.Instant) -> Int {
      Int(origin.duration(to: instant).components.seconds)
    }
    var output: [TimedEvent] = []
    var ask = 0
    _ = machine.consumerAsked(at: instant(ask))
    for timed in input {
      let taken = max(timed.step, ask)
      guard case .value(let value) = timed.event else {
        let actions =
          timed.event == .finish
          ? machine.upstreamFinished(at: instant(taken))
          : machine.upstreamFailed(at: instant(taken))
        if actions.ending != nil { output.append(TimedEvent(step: taken, event: timed.event)) }
        return output
      }
      var actions = machine.elementArrived(value, at: instant(taken))
      while actions.emissions.isEmpty, let wake = actions.wakeAt {
        actions = machine.deadlineReached(at: wake)
      }
      actions.emissions.forEachEmission { emitted, due in
        output.append(TimedEvent(step: step(due), event: .value(emitted)))
        ask = step(due) + limits.consumerUnits
      }
      _ = machine.consumerAsked(at: instant(ask))
    }
    return output
  }
}
