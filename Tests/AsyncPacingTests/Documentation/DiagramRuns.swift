import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// One way to run the rule a diagram row states: the real operator or pacer, the machine alone,
/// or the reference model.
struct DiagramRun: Sendable {
  var name: String
  var run: @Sendable (_ input: [TimedEvent], SourceLocation) async -> [TimedEvent]

  /// Every way to run `spec` that must give the row's output: its own subject on a
  /// ``TestClock``, and made without a clock inside the test clock's scope, then, where nobody is busy, the machine under every timer delivery, the
  /// reference model, and the subject's counterpart (the pacer of an operator, the operator of
  /// a pacer), which runs the same machine, unless the row ends: a pacer never finishes or
  /// throws.
  static func all(for spec: DiagramSpec, rowEnds: Bool) -> [DiagramRun] {
    var runs = [subject(spec), withoutClock(spec)]
    // The timeout's model knows its consumer; its machine reads on demand, which the machine
    // driver does not (its own comparison drives it).
    if spec.subject == .timeoutOperator { return runs + [model(spec)] }
    if let accumulating = accumulatingModel(spec) { return runs + [accumulating] }
    guard spec.hasAnInstantConsumer else { return runs }
    runs += MachineDriver.TimerDelivery.all.map { machine(spec, timers: $0) }
    runs.append(model(spec))
    if !rowEnds, let counterpart = spec.counterpart { runs.append(subject(counterpart)) }
    return runs
  }

  private static func subject(_ spec: DiagramSpec) -> DiagramRun {
    let interval = Duration.steps(spec.interval)
    let maxWait = spec.maxWait.map { Duration.steps($0) }
    // Long enough after the last input for everything pending, and a busy action, to settle
    // (a `max` period never does: nothing is due within any horizon).
    let periods = [spec.interval, spec.maxWait ?? 0, spec.elementIntervals.values.max() ?? 0]
      .filter { $0 != .max }.reduce(0, +)
    let horizon = 20 + 2 * (periods + spec.actionSteps + spec.consumerSteps)
    let name = "the \(spec.subject.rawValue) \(spec.subject.isPacer ? "pacer" : "operator")"
    return DiagramRun(name: name) { input, sourceLocation in
      switch spec.subject {
      case .sampleOperator:
        return await OperatorHarness.run(
          input, busySteps: spec.consumerSteps, horizon: horizon, sourceLocation: sourceLocation
        ) { upstream, clock in upstream.sample(every: interval, clock: clock) }
      case .timeoutOperator:
        return await OperatorHarness.run(
          input, busySteps: spec.consumerSteps,
          horizon: horizon + input.count * spec.consumerSteps, sourceLocation: sourceLocation
        ) { upstream, clock in upstream.timeout(after: interval, clock: clock) }
      case .debounceOperator where !spec.elementIntervals.isEmpty:
        return await OperatorHarness.run(
          input, busySteps: spec.consumerSteps, horizon: horizon, sourceLocation: sourceLocation
        ) { upstream, clock in
          upstream.debounce(
            for: { .steps(spec.interval(of: $0)) }, edges: spec.edges, maxWait: maxWait,
            clock: clock)
        }
      case .debounceOperator:
        return await OperatorHarness.run(
          input, busySteps: spec.consumerSteps, horizon: horizon, sourceLocation: sourceLocation
        ) { upstream, clock in
          upstream.debounce(for: interval, edges: spec.edges, maxWait: maxWait, clock: clock)
        }
      case .throttleOperator where !spec.elementIntervals.isEmpty:
        return await OperatorHarness.run(
          input, busySteps: spec.consumerSteps, horizon: horizon, sourceLocation: sourceLocation
        ) { upstream, clock in
          upstream.throttle(
            for: { .steps(spec.interval(of: $0)) }, clock: clock, latest: spec.fold != .first,
            edges: spec.edges)
        }
      case .throttleOperator:
        return await OperatorHarness.run(
          input, busySteps: spec.consumerSteps, horizon: horizon, sourceLocation: sourceLocation
        ) { upstream, clock in
          guard spec.reducerSteps > 0 else {
            return spec.fold.throttle(upstream, interval: interval, edges: spec.edges, clock: clock)
          }
          return upstream.throttle(for: interval, clock: clock, edges: spec.edges) {
            (folded: String?, element) in
            try? await clock.sleep(for: .seconds(spec.reducerSteps))
            return (folded ?? "") + element
          }
        }
      case .debouncer, .throttler:
        return await PacerHarness.run(
          input, actionSteps: spec.actionSteps, horizon: horizon, sourceLocation: sourceLocation
        ) { clock, action in
          let pacer = Self.pacer(spec, interval: interval, maxWait: maxWait, clock: clock, action)
          return ({ pacer.send($0) }, pacer)
        }
      }
    }
  }

  /// The debouncer or throttler `spec` names, with its options, a fixed interval or one for
  /// each value.
  private static func pacer(
    _ spec: DiagramSpec, interval: Duration, maxWait: Duration?, clock: TestClock,
    _ action: @escaping @Sendable (String) async -> Void
  ) -> any CallbackPacer<String> {
    let perValue = { @Sendable (value: String) -> Duration in .steps(spec.interval(of: value)) }
    let latest = spec.fold != .first
    switch (spec.subject, spec.elementIntervals.isEmpty) {
    case (.debouncer, false):
      return Debouncer(
        for: perValue, edges: spec.edges, maxWait: maxWait, clock: clock,
        cancelsRunningAction: spec.cancelsRunningAction, action)
    case (.debouncer, true):
      return Debouncer(
        for: interval, edges: spec.edges, maxWait: maxWait, clock: clock,
        cancelsRunningAction: spec.cancelsRunningAction, action)
    case (_, false):
      return Throttler(
        for: perValue, clock: clock, latest: latest, edges: spec.edges,
        cancelsRunningAction: spec.cancelsRunningAction, action)
    case (_, true):
      return Throttler(
        for: interval, clock: clock, latest: latest, edges: spec.edges,
        cancelsRunningAction: spec.cancelsRunningAction, action)
    }
  }

  private static func machine(_ spec: DiagramSpec, timers: MachineDriver.TimerDelivery)
    -> DiagramRun
  {
    DiagramRun(name: "the machine, timers \(timers)") { input, _ in
      if spec.subject == .sampleOperator {
        var machine = SampleMachine<String, TestClock.Instant>(
          interval: .steps(spec.interval), origin: TestClock.Instant())
        return MachineDriver.run(&machine, input, timers: timers)
      }
      if spec.subject.isDebounce && !spec.elementIntervals.isEmpty {
        var machine = DebounceMachine<String, TestClock.Instant, _>(
          DebounceConfiguration(
            intervalPerElementEdges: spec.edges, maxWait: spec.maxWait.map { .steps($0) },
            function: "debounce"),
          intervals: IntervalPerValue { .steps(spec.interval(of: $0)) })
        return MachineDriver.run(&machine, input, timers: timers)
      }
      if spec.subject.isDebounce {
        var machine = FixedDebounceMachine<String, TestClock.Instant>(
          DebounceConfiguration(
            interval: .steps(spec.interval), edges: spec.edges,
            maxWait: spec.maxWait.map { .steps($0) }))
        return MachineDriver.run(&machine, input, timers: timers)
      }
      if !spec.elementIntervals.isEmpty {
        var machine = ThrottleMachine<
          ThrottleKeepsElements<String, String>, TestClock.Instant, _
        >(
          ThrottleConfiguration(intervalPerValueEdges: spec.edges, function: "throttle"),
          fold: ThrottleKeepsElements(latest: spec.fold != .first),
          intervals: IntervalPerValue { .steps(spec.interval(of: $0)) })
        return MachineDriver.run(&machine, input, timers: timers)
      }
      return MachineDriver.runThrottle(
        interval: spec.interval, fold: spec.fold, edges: spec.edges, input, timers: timers)
    }
  }

  /// A reducing throttle's row with a busy consumer, as its own model of the accumulation rule
  /// gives it. The model's consumer comes back a thousandth of a step late, so a row must not
  /// bring the consumer back at an element's instant (the contract leaves that tie to the
  /// executor): one that did would show here as a mismatch.
  private static func accumulatingModel(_ spec: DiagramSpec) -> DiagramRun? {
    guard spec.subject == .throttleOperator, spec.fold == .concatenate, spec.consumerSteps > 0,
      spec.reducerSteps == 0, spec.elementIntervals.isEmpty
    else { return nil }
    return DiagramRun(name: "the accumulation model") { input, _ in
      ReducingDeliveryModel.run(
        input, interval: spec.interval, edges: spec.edges, busySteps: spec.consumerSteps
      ).map { TimedEvent(step: $0.step / ReducingDeliveryModel.unitsPerStep, event: $0.event) }
    }
  }

  private static func model(_ spec: DiagramSpec) -> DiagramRun {
    DiagramRun(name: "the reference model") { input, _ in
      if spec.subject == .timeoutOperator {
        return TimeoutModel.run(input, interval: spec.interval, consumerSteps: spec.consumerSteps)
      }
      if spec.subject == .sampleOperator {
        return SampleModel.run(input, interval: spec.interval)
      }
      guard spec.subject.isDebounce else {
        return ThrottleModel.run(
          input, intervals: { spec.interval(of: $0) }, fold: spec.fold, edges: spec.edges)
      }
      return DebounceModel.run(
        input, intervals: { spec.interval(of: $0) }, edges: spec.edges, maxWait: spec.maxWait)
    }
  }
}

extension DiagramSpec {
  /// The other subject that runs the same machine and must give the same output, if any: a
  /// pacer has no reducer.
  fileprivate var counterpart: DiagramSpec? {
    var other = self
    switch subject {
    case .sampleOperator, .timeoutOperator: return nil
    case .debounceOperator: other.subject = .debouncer
    case .throttleOperator: other.subject = .throttler
    case .debouncer: other.subject = .debounceOperator
    case .throttler: other.subject = .throttleOperator
    }
    return other.subject.isPacer && fold == .concatenate ? nil : other
  }
}

extension DiagramSpec.Subject {
  var isDebounce: Bool { self == .debounceOperator || self == .debouncer }
}
