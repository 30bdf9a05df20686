import AsyncPacingTesting
import Testing

@testable import AsyncPacing

extension DiagramRun {
  /// The row's own operator or pacer made **without** a `clock:` inside the test clock's
  /// scope: it must follow the test clock exactly (a reducer here waits with `Task.sleep`,
  /// which is virtual too).
  static func withoutClock(_ spec: DiagramSpec) -> DiagramRun {
    let interval = Duration.steps(spec.interval)
    let maxWait = spec.maxWait.map { Duration.steps($0) }
    let periods = [spec.interval, spec.maxWait ?? 0, spec.elementIntervals.values.max() ?? 0]
      .filter { $0 != .max }.reduce(0, +)
    let horizon = 20 + 2 * (periods + spec.actionSteps + spec.consumerSteps)
    let perElement: @Sendable (String) -> Duration = { .steps(spec.interval(of: $0)) }
    let latest = spec.fold != .first
    @Sendable func operatorRun<Output: AsyncSequence & Sendable>(
      _ input: [TimedEvent], _ sourceLocation: SourceLocation,
      _ pacing: @Sendable @escaping (OperatorHarness.Upstream) -> Output
    ) async -> [TimedEvent] where Output.Element == String {
      await OperatorHarness.run(
        input, busySteps: spec.consumerSteps, horizon: horizon, sourceLocation: sourceLocation
      ) { upstream, _ in pacing(upstream) }
    }
    @Sendable func pacerRun(
      _ input: [TimedEvent], _ sourceLocation: SourceLocation,
      _ makePacer:
        @escaping @Sendable (@escaping @Sendable (String) async -> Void) -> (
          send: PacerHarness.Send, keepAlive: AnyObject
        )
    ) async -> [TimedEvent] {
      await PacerHarness.run(
        input, actionSteps: spec.actionSteps, horizon: horizon, sourceLocation: sourceLocation
      ) { _, action in makePacer(action) }
    }
    let cancels = spec.cancelsRunningAction
    return DiagramRun(name: "the \(spec.subject.rawValue), made without a clock") {
      input, location in
      switch spec.subject {
      case .sampleOperator:
        return await operatorRun(input, location) { $0.sample(every: interval) }
      case .timeoutOperator:
        return await operatorRun(input, location) { $0.timeout(after: interval) }
      case .debounceOperator where !spec.elementIntervals.isEmpty:
        return await operatorRun(input, location) {
          $0.debounce(for: perElement, edges: spec.edges, maxWait: maxWait)
        }
      case .debounceOperator:
        return await operatorRun(input, location) {
          $0.debounce(for: interval, edges: spec.edges, maxWait: maxWait)
        }
      case .throttleOperator where !spec.elementIntervals.isEmpty:
        return await operatorRun(input, location) {
          $0.throttle(for: perElement, latest: latest, edges: spec.edges)
        }
      case .throttleOperator where spec.fold == .concatenate:
        return await operatorRun(input, location) {
          $0.throttle(for: interval, edges: spec.edges) { (folded: String?, element) in
            if spec.reducerSteps > 0 {
              // The clock itself: a real-clock sleep's duration is only recovered, and a loaded
              // machine can make it inexact, which a drawing would not survive.
              try? await TestClock.current.sleep(for: .seconds(spec.reducerSteps))
            }
            return (folded ?? "") + element
          }
        }
      case .throttleOperator:
        return await operatorRun(input, location) {
          $0.throttle(for: interval, latest: latest, edges: spec.edges)
        }
      case .debouncer where !spec.elementIntervals.isEmpty:
        return await pacerRun(input, location) { action in
          let debouncer = Debouncer(
            for: perElement, edges: spec.edges, maxWait: maxWait, cancelsRunningAction: cancels,
            action)
          return ({ debouncer.send($0) }, debouncer)
        }
      case .debouncer:
        return await pacerRun(input, location) { action in
          let debouncer = Debouncer(
            for: interval, edges: spec.edges, maxWait: maxWait, cancelsRunningAction: cancels,
            action)
          return ({ debouncer.send($0) }, debouncer)
        }
      case .throttler where !spec.elementIntervals.isEmpty:
        return await pacerRun(input, location) { action in
          let throttler = Throttler(
            for: perElement, latest: latest, edges: spec.edges, cancelsRunningAction: cancels,
            action)
          return ({ throttler.send($0) }, throttler)
        }
      case .throttler:
        return await pacerRun(input, location) { action in
          let throttler = Throttler(
            for: interval, latest: latest, edges: spec.edges, cancelsRunningAction: cancels,
            action)
          return ({ throttler.send($0) }, throttler)
        }
      }
    }
  }
}
