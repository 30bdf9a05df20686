import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The debounce machine alone, for what the article's rows (`ArticleDiagramTests`, which run
/// every row through the machine under each timer delivery) do not draw: flush, events after
/// the end.
@Suite struct DebounceMachineTests {
  @Test func flushMakesThePendingElementDueNow() {
    var machine = FixedDebounceMachine<String, TestClock.Instant>(
      DebounceConfiguration(interval: .seconds(3), edges: .trailing, maxWait: .seconds(5)))
    _ = machine.elementArrived("a", at: MachineDriver.instant(0))
    var actions = machine.flush(at: MachineDriver.instant(1))
    #expect(actions.first?.output == "a")
    #expect(actions.first?.dueAt == MachineDriver.instant(1))
    #expect(actions.wakeAt == nil)
    actions = machine.flush(at: MachineDriver.instant(2))
    #expect(actions.isEmpty)
    // The quiet period still runs from a's arrival: b is pending until 2 + 3.
    actions = machine.elementArrived("b", at: MachineDriver.instant(2))
    #expect(actions.wakeAt == MachineDriver.instant(5))
  }

  /// The shell gives an ended machine no event, so the end is the machine's last word: a
  /// failure emits only what was due before it, and asks for no deadline.
  @Test func aFailureDropsThePendingElementAndEnds() {
    var machine = FixedDebounceMachine<String, TestClock.Instant>(
      DebounceConfiguration(interval: .seconds(3), edges: .trailing, maxWait: nil))
    _ = machine.elementArrived("a", at: MachineDriver.instant(0))
    let actions = machine.upstreamFailed(at: MachineDriver.instant(1))
    #expect(actions.first == nil)
    #expect(actions.ending == .failure)
    #expect(actions.wakeAt == nil)
  }
}
