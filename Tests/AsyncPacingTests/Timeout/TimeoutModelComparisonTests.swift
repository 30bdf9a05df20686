import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The timeouts against their reference models on random schedules: the sequence timeout's
/// machine alone and the operator on a ``TestClock``, and the operation's deadline through
/// `withMovableDeadline` and `withTimeout`.
@Suite struct TimeoutModelComparisonTests {
  @Test func theMachineMatchesTheModel() async {
    await ModelComparison.compare(seed: 35_000, runs: RandomSchedules.count) { random in
      let interval = Int(random.next() % 4) + 1
      let consumer = Int(random.next() % 4)
      let input = RandomSchedules.make(interval: interval, using: &random)
      let timerFirst = random.next() % 2 == 0
      return ModelRun(
        subject: "timeout(\(interval), consumer: \(consumer)), timer first: \(timerFirst)",
        input: input,
        expected: TimeoutModel.run(
          input, interval: interval, consumerSteps: consumer, marksTimeout: true),
        actual: Self.drive(input, interval: interval, consumer: consumer, timerFirst: timerFirst))
    }
  }

  @Test func theOperatorMatchesTheModel() async {
    await ModelComparison.compare(seed: 36_000, runs: RandomSchedules.scenarioCount) { random in
      let interval = Int(random.next() % 4) + 1
      let consumer = Int(random.next() % 4)
      let input = RandomSchedules.make(interval: interval, using: &random)
      let actual = await OperatorHarness.run(
        input, busySteps: consumer, horizon: (input.count + 1) * consumer + interval + 2
      ) { upstream, clock in
        upstream.timeout(after: .seconds(interval), clock: clock).markingTimeout()
      }
      return ModelRun(
        subject: "timeout(\(interval), consumer: \(consumer))", input: input,
        expected: TimeoutModel.run(
          input, interval: interval, consumerSteps: consumer, marksTimeout: true),
        actual: actual)
    }
  }

  /// Runs the machine as the shell would, reading on demand: each ask starts the clock, the
  /// next event is read at the first ask not before its step, and a deadline that falls at an
  /// arrival's instant reaches the machine first or second (`timerFirst`), which must not
  /// matter.
  static func drive(_ input: [TimedEvent], interval: Int, consumer: Int, timerFirst: Bool)
    -> [TimedEvent]
  {
    var machine = TimeoutMachine<String, TestClock.Instant>(interval: .seconds(interval))
    let origin = TestClock.Instant()
    func instant(_ step: Int) -> TestClock.Instant { origin.advanced(by: .seconds(step)) }
    func step(_ instant: TestClock.Instant) -> Int {
      Int(origin.duration(to: instant).components.seconds)
    }
    var output: [TimedEvent] = []
    typealias Actions = PacingActions<TimeoutOutput<String, TestClock.Instant>, TestClock.Instant>
    /// Records the actions' emissions, and the upstream's `event` that ends the sequence, if it
    /// does; `true` once the sequence has ended.
    func record(_ actions: Actions, at now: Int, upstream event: StepEvent?) -> Bool {
      var timedOut = false
      actions.emissions.forEachEmission { emitted, _ in
        switch emitted {
        case .element(let value): output.append(TimedEvent(step: now, event: .value(value)))
        case .timedOut:
          timedOut = true
          output.append(TimedEvent(step: now, event: .value(TimeoutModel.marker)))
          output.append(TimedEvent(step: now + consumer, event: .finish))
        }
      }
      guard actions.ending != nil else { return false }
      if !timedOut, let event { output.append(TimedEvent(step: now, event: event)) }
      return true
    }
    var ask = 0
    var wake = machine.consumerAsked(at: instant(ask)).wakeAt.map(step)
    for timed in input {
      let arrival = max(timed.step, ask)
      if let due = wake, due < arrival || (due == arrival && timerFirst) {
        if record(machine.deadlineReached(at: instant(due)), at: due, upstream: nil) {
          return output
        }
      }
      let actions: Actions
      switch timed.event {
      case .value(let value): actions = machine.elementArrived(value, at: instant(arrival))
      case .finish: actions = machine.upstreamFinished(at: instant(arrival))
      case .failure: actions = machine.upstreamFailed(at: instant(arrival))
      }
      if record(actions, at: arrival, upstream: timed.event) { return output }
      ask = arrival + consumer
      wake = machine.consumerAsked(at: instant(ask)).wakeAt.map(step)
    }
    if let due = wake {
      _ = record(machine.deadlineReached(at: instant(due)), at: due, upstream: nil)
    }
    return output
  }
}
