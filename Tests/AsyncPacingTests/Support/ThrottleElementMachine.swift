@testable import AsyncPacing

/// A throttle machine with a synchronous fold, seen as an element machine, so the
/// ``MachineDriver`` can run it like any other.
struct ThrottleElementMachine: ElementPacingMachine {
  var machine: ThrottleMachine<String, TestClock.Instant>
  let fold: @Sendable (String?, String) -> String

  init(interval: Int, fold: ThrottleModel.Fold, edges: PacingEdges) {
    machine = ThrottleMachine(ThrottleConfiguration(interval: .seconds(interval), edges: edges))
    self.fold = fold.function
  }

  mutating func elementArrived(_ element: String, at now: TestClock.Instant) -> PacingActions<
    String, TestClock.Instant
  > {
    machine.elementArrived(at: now) { fold($0, element) }
  }

  mutating func deadlineReached(at now: TestClock.Instant) -> PacingActions<
    String, TestClock.Instant
  > {
    machine.deadlineReached(at: now)
  }

  mutating func upstreamFinished(at now: TestClock.Instant) -> PacingActions<
    String, TestClock.Instant
  > {
    machine.upstreamFinished(at: now)
  }

  mutating func upstreamFailed(at now: TestClock.Instant) -> PacingActions<
    String, TestClock.Instant
  > {
    machine.upstreamFailed(at: now)
  }

  mutating func flush(at now: TestClock.Instant) -> PacingActions<String, TestClock.Instant> {
    machine.flush(at: now)
  }
}
