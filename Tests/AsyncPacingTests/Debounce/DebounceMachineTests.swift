import Testing

@testable import AsyncPacing

/// The debounce diagrams of <doc:PacingContract>, through the machine alone, driven step by
/// step.
@Suite struct DebounceMachineTests {
  private func expectDebounce(
    _ input: String, interval: Int, edges: PacingEdges = .trailing, maxWait: Int? = nil,
    _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let events = Marble.parse(input)
    for timers in MachineDriver.TimerDelivery.all {
      var machine = FixedDebounceMachine<String, TestClock.Instant>(
        DebounceConfiguration(
          interval: .seconds(interval), edges: edges, maxWait: maxWait.map { .seconds($0) }))
      let actual = MachineDriver.run(&machine, events, timers: timers)
      #expect(
        actual == Marble.parse(expected),
        "timers \(timers)\n   input: \(input)\n\(Marble.comparison(expected: Marble.parse(expected), actual: actual))",
        sourceLocation: sourceLocation)
    }
  }

  @Test func aBurstSettlesOnItsLastElement() {
    expectDebounce("a-b-c-----d-e----|", interval: 3, "-------c-------e-|")
  }

  @Test func aGapOfExactlyTheIntervalIsQuietEnough() {
    expectDebounce("a--b--c--|", interval: 3, "---a--b--[c|]")
  }

  @Test func leadingEdgeEmitsTheFirstElementOfEachBurst() {
    expectDebounce("ab-c-------d----|", interval: 3, edges: .leading, "a----------d----|")
  }

  @Test func bothEdgesEmitFirstAndLast() {
    expectDebounce(
      "ab-c-------d----|", interval: 3, edges: [.leading, .trailing], "a-----c----d----|")
  }

  @Test func anElementArrivingAsAQuietPeriodEndsIsANewLeadingEdge() {
    expectDebounce(
      "ab-c-------d----|", interval: 2, edges: [.leading, .trailing], "a--[bc]-------d----|")
  }

  @Test func maxWaitBoundsHowLongAnElementWaits() {
    expectDebounce("abcdefghijklmnop|", interval: 3, maxWait: 5, "-----e----j----o[p|]")
  }

  @Test func maxWaitWithBothEdgesKeepsTheQuietPeriod() {
    expectDebounce(
      "abcdefghijklmnop|", interval: 3, edges: [.leading, .trailing], maxWait: 5,
      "a-----f----k----[p|]")
  }

  @Test func aZeroIntervalEmitsEveryElementAtItsArrival() {
    expectDebounce("a-[bcd]-e|", interval: 0, "a-[bcd]-e|")
    expectDebounce("a-[bcd]-e|", interval: 0, edges: .leading, "a-[bcd]-e|")
    expectDebounce("a-[bcd]-e|", interval: 0, edges: [.leading, .trailing], "a-[bcd]-e|")
  }

  @Test func aBurstOfOneIsEmittedOnceWithBothEdges() {
    expectDebounce("a-------|", interval: 3, edges: [.leading, .trailing], "a-------|")
  }

  @Test func finishingEmitsThePendingElementAtOnce() {
    expectDebounce("ab|", interval: 3, "--[b|]")
    expectDebounce("|", interval: 3, "|")
  }

  @Test func failingDropsThePendingElementButDeliversWhatWasDue() {
    expectDebounce("ab^", interval: 3, "--^")
    expectDebounce("a--^", interval: 3, "---[a^]")
  }

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
