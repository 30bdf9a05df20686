import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The reducing throttle's accumulation rule in the machine alone (<doc:PacingContract>,
/// "Delivery to the consumer"): an output the consumer has not taken is folded into, never
/// replaced, and never dropped by a failure.
@Suite struct ReducingAccumulationMachineTests {
  private static func instant(_ step: Int) -> TestClock.Instant { MachineDriver.instant(step) }

  /// A reducing throttle that emitted `a`, a leading edge, at step `at`.
  private static func afterEmittingA(
    interval: Int = 3, edges: PacingEdges = [.leading, .trailing], at step: Int = 0
  ) -> TestThrottleMachine.Reducing {
    var machine = TestThrottleMachine.reducing(interval: interval, edges: edges)
    _ = machine.elementArrived("a", at: instant(step), untakenOutput: false)
    _ = machine.foldFinished("a", at: { instant(step) }, mayLend: false)
    return machine
  }

  @Test func aWindowsFirstElementContinuesFromTheUntakenOutput() {
    var machine = Self.afterEmittingA()
    let step = machine.elementArrived("b", at: Self.instant(1), untakenOutput: true)
    #expect(step.fold.isIntoUntaken)
    _ = machine.foldFinished("ab", at: { Self.instant(1) }, mayLend: false)
    // Its later elements fold into the accumulation as into any candidate.
    #expect(
      machine.elementArrived("c", at: Self.instant(2), untakenOutput: false).fold.seed == "ab")
    _ = machine.foldFinished("abc", at: { Self.instant(2) }, mayLend: false)
    let actions = machine.deadlineReached(at: Self.instant(3))
    #expect(actions.first?.output == "abc")
    #expect(actions.first?.dueAt == Self.instant(3))
  }

  @Test func aLeadingElementContinuesFromTheUntakenOutputAndComesOutAtOnce() {
    var machine = Self.afterEmittingA()
    #expect(machine.deadlineReached(at: Self.instant(3)).isEmpty)  // an empty window: idle
    let step = machine.elementArrived("b", at: Self.instant(5), untakenOutput: true)
    #expect(step.fold.isIntoUntaken)
    let actions = machine.foldFinished("ab", at: { Self.instant(5) }, mayLend: false).actions
    #expect(actions.first?.output == "ab")
    #expect(actions.first?.dueAt == Self.instant(5))
  }

  @Test func aDroppedElementLeavesTheUntakenOutputWaiting() {
    var machine = Self.afterEmittingA(edges: .leading)
    #expect(machine.elementArrived("b", at: Self.instant(1), untakenOutput: true).fold.isNone)
  }

  @Test func aFailureEmitsTheAccumulationInsteadOfDroppingIt() {
    var machine = Self.afterEmittingA()
    _ = machine.elementArrived("b", at: Self.instant(1), untakenOutput: true)
    _ = machine.foldFinished("ab", at: { Self.instant(1) }, mayLend: true)
    // On loan to the reader, the accumulation comes back whole at the failure.
    #expect(machine.loan.beginFold() == "ab")
    #expect(machine.loan.endFold("abc") == nil)
    let actions = machine.upstreamFailed(at: Self.instant(2))
    #expect(actions.first?.output == "abc")
    #expect(actions.first?.dueAt == Self.instant(2))
    #expect(actions.ending == .failure)
  }

  @Test func aFailureStillDropsACandidateThatCarriesNothingUntaken() {
    var machine = Self.afterEmittingA()
    _ = machine.elementArrived("b", at: Self.instant(1), untakenOutput: false)
    _ = machine.foldFinished("b", at: { Self.instant(1) }, mayLend: false)
    let actions = machine.upstreamFailed(at: Self.instant(2))
    #expect(actions.first == nil)
    #expect(actions.ending == .failure)
  }

  /// A window that never ends would hold a taken-back output for good: it takes none.
  @Test func aWindowThatNeverEndsTakesNothingBack() {
    // From 1, the longest interval ends past the last instant there is.
    var machine = Self.afterEmittingA(interval: .max, at: 1)
    #expect(machine.elementArrived("b", at: Self.instant(2), untakenOutput: true).fold.isFresh)
  }

  /// A stalled clock must not keep what the consumer had before the take-back.
  @Test func aTimerThatGivesUpEmitsWhatWasTakenBack() {
    var machine = Self.afterEmittingA()
    _ = machine.elementArrived("b", at: Self.instant(1), untakenOutput: true)
    _ = machine.foldFinished("ab", at: { Self.instant(1) }, mayLend: false)
    let actions = machine.deadlineUnreachable(at: Self.instant(2))
    #expect(actions.first?.output == "ab")
    #expect(actions.first?.dueAt == Self.instant(2))
    #expect(actions.ending == nil)
    // The window stays open: the next element starts a fresh candidate in it.
    #expect(machine.elementArrived("c", at: Self.instant(2), untakenOutput: false).fold.isFresh)
    _ = machine.foldFinished("c", at: { Self.instant(2) }, mayLend: false)
    #expect(machine.deadlineReached(at: Self.instant(3)).first?.output == "c")
  }

  /// The same while the reducer folds into it: the result comes out when the call returns.
  @Test func aTimerThatGivesUpDuringAFoldEmitsItsResult() {
    var machine = Self.afterEmittingA()
    _ = machine.elementArrived("b", at: Self.instant(1), untakenOutput: true)
    #expect(machine.deadlineUnreachable(at: Self.instant(2)).first == nil)
    let actions = machine.foldFinished("ab", at: { Self.instant(2) }, mayLend: true).actions
    #expect(actions.first?.output == "ab")
    #expect(actions.first?.dueAt == Self.instant(2))
  }

  /// The same while the reader folds on loan: the timer recalls the loan, and the reader's
  /// result comes out when it hands it back.
  @Test func aTimerThatGivesUpDuringAFoldOnLoanEmitsItsResult() {
    var machine = Self.afterEmittingA()
    _ = machine.elementArrived("b", at: Self.instant(1), untakenOutput: true)
    _ = machine.foldFinished("ab", at: { Self.instant(1) }, mayLend: true)
    #expect(machine.loan.beginFold() == "ab")
    #expect(machine.deadlineUnreachable(at: Self.instant(2)).first == nil)
    #expect(machine.loan.endFold("abc") == "abc")  // recalled: the result is the machine's
    let actions = machine.foldFinished("abc", at: { Self.instant(2) }, mayLend: false).actions
    #expect(actions.first?.output == "abc")
    #expect(actions.first?.dueAt == Self.instant(2))
  }
}
