import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The throttle machine alone, driven step by step, for what the article's rows
/// (`ArticleDiagramTests`, which run every row through the machine under each timer delivery)
/// do not draw: async folds and loans, a pacer's windows.
@Suite struct ThrottleMachineTests {
  private static func instant(_ step: Int) -> TestClock.Instant { MachineDriver.instant(step) }

  @Test func aWindowThatEndsDuringAnAsyncFoldEmitsWhenTheFoldReturns() {
    var machine = TestThrottleMachine.reducing(interval: 3, edges: [.leading, .trailing])
    var step = machine.elementArrived("x", at: Self.instant(0), untakenOutput: false)
    #expect(step.fold.isFresh)  // a leading, fresh fold
    var actions = machine.foldFinished("a", at: { Self.instant(0) }, mayLend: false).actions
    #expect(actions.first?.output == "a")
    #expect(actions.wakeAt == Self.instant(3))

    step = machine.elementArrived("x", at: Self.instant(2), untakenOutput: false)
    #expect(step.fold.isFresh)  // first window element: fresh fold
    #expect(step.actions.wakeAt == Self.instant(3))
    // The window's end waits for the fold.
    #expect(machine.deadlineReached(at: Self.instant(3)).isEmpty)
    actions = machine.foldFinished("b", at: { Self.instant(5) }, mayLend: false).actions
    #expect(actions.first?.output == "b")
    #expect(actions.first?.dueAt == Self.instant(5))
    #expect(actions.wakeAt == Self.instant(8))  // the next window starts at that emission
  }

  @Test func anAsyncFoldIsOfferedTheCandidateSoFar() {
    var machine = TestThrottleMachine.reducing(interval: 3, edges: [.leading, .trailing])
    _ = machine.elementArrived("x", at: Self.instant(0), untakenOutput: false)
    _ = machine.foldFinished("a", at: { Self.instant(0) }, mayLend: false)
    _ = machine.elementArrived("x", at: Self.instant(1), untakenOutput: false)
    _ = machine.foldFinished("b", at: { Self.instant(1) }, mayLend: false)
    let step = machine.elementArrived("x", at: Self.instant(2), untakenOutput: false)
    #expect(step.fold.seed == "b")
  }

  @Test func aTrailingOnlyWindowWhoseFirstFoldOutlastsItEmitsWhenTheFoldReturns() {
    var machine = TestThrottleMachine.reducing(interval: 3, edges: .trailing)
    let step = machine.elementArrived("x", at: Self.instant(0), untakenOutput: false)
    #expect(step.actions.wakeAt == Self.instant(3))  // the timer wakes at the first window's end
    #expect(machine.deadlineReached(at: Self.instant(3)).isEmpty)
    let actions = machine.foldFinished("a", at: { Self.instant(4) }, mayLend: false).actions
    #expect(actions.first?.output == "a")
    #expect(actions.first?.dueAt == Self.instant(4))
    #expect(actions.wakeAt == Self.instant(7))
  }

  @Test(arguments: [PacingEdges.trailing, [.leading, .trailing]], [false, true])
  func asyncFoldsMatchTheModel(edges: PacingEdges, takesLoans: Bool) async {
    var foldsOnLoan = 0
    await ModelComparison.compare(
      seed: 6000 &+ UInt64(edges.rawValue), runs: RandomSchedules.count
    ) { random in
      let interval = Int(random.next() % 5)
      let input = RandomSchedules.make(interval: interval, using: &random)
      var machine = TestThrottleMachine.reducing(interval: interval, edges: edges)
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      let actual = MachineDriver.run(
        &machine, input, timers: timers, asyncFold: ThrottleModel.Fold.concatenate.function,
        takesLoans: takesLoans, foldsOnLoan: &foldsOnLoan)
      return ModelRun(
        subject: "throttle(\(interval), reducing: + async, edges: \(edges), loans: \(takesLoans))",
        input: input,
        expected: ThrottleModel.run(input, interval: interval, fold: .concatenate, edges: edges),
        actual: actual)
    }
    #expect((foldsOnLoan > 0) == takesLoans)
  }

  @Test func aCandidateIsLentUntilItsWindowsEndAndComesBackWhole() {
    var machine = TestThrottleMachine.reducing(interval: 3, edges: [.leading, .trailing])
    _ = machine.elementArrived("x", at: Self.instant(0), untakenOutput: false)
    // A leading fold's result is emitted, not lent.
    #expect(machine.foldFinished("a", at: { Self.instant(0) }, mayLend: true).actions.first != nil)
    _ = machine.elementArrived("x", at: Self.instant(1), untakenOutput: false)
    let lent = machine.foldFinished("b", at: { Self.instant(1) }, mayLend: true)
    #expect(lent.lentUntil == Self.instant(3))
    // The reader folds into it, then the machine takes it back before its next event: it is
    // the candidate the window's end emits.
    let candidate = machine.loan.beginFold()
    #expect(candidate == "b")
    #expect(machine.loan.endFold("bcd") == nil)
    let actions = machine.deadlineReached(at: Self.instant(3))
    #expect(actions.first?.output == "bcd")
    #expect(actions.first?.dueAt == Self.instant(3))
  }

  @Test func aLoanWhoseFoldRunsAtTheWindowsEndComesOutWhenItReturns() {
    var machine = TestThrottleMachine.reducing(interval: 3, edges: .trailing)
    _ = machine.elementArrived("x", at: Self.instant(0), untakenOutput: false)
    #expect(
      machine.foldFinished("a", at: { Self.instant(0) }, mayLend: true).lentUntil
        == Self.instant(3))
    // The reader is folding into the loan when the window ends: the machine recalls it.
    #expect(machine.loan.beginFold() == "a")
    #expect(machine.deadlineReached(at: Self.instant(3)).isEmpty)
    let recalled = machine.loan.endFold("ab")
    #expect(recalled == "ab")
    let actions = machine.foldFinished("ab", at: { Self.instant(4) }, mayLend: false).actions
    #expect(actions.first?.output == "ab")
    #expect(actions.first?.dueAt == Self.instant(4))
    #expect(actions.wakeAt == Self.instant(7))
  }

  @Test func leadingOnlyNeverAsksToFoldAWindowElement() {
    var machine = TestThrottleMachine.reducing(interval: 3, edges: .leading)
    _ = machine.elementArrived("x", at: Self.instant(0), untakenOutput: false)
    _ = machine.foldFinished("a", at: { Self.instant(0) }, mayLend: false)
    #expect(machine.elementArrived("x", at: Self.instant(1), untakenOutput: false).fold.isNone)
  }

  @Test func aPacersWindowOpensWhenTheEmissionStarts() {
    var machine = TestThrottleMachine.Keeping(
      ThrottleConfiguration(
        interval: .seconds(3), edges: [.leading, .trailing], windowStart: .whenEmissionStarts),
      fold: ThrottleKeepsElements(latest: true))
    var actions = machine.elementArrived("a", at: Self.instant(0))
    #expect(actions.first?.output == "a")
    #expect(actions.wakeAt == nil)  // no window until the action starts
    _ = machine.elementArrived("b", at: Self.instant(4))  // waits for that window
    actions = machine.emissionStarted("a", at: Self.instant(5), othersWaiting: false)
    #expect(actions.wakeAt == Self.instant(8))
    actions = machine.deadlineReached(at: Self.instant(8))
    #expect(actions.first?.output == "b")
    #expect(actions.first?.dueAt == Self.instant(8))
  }

  @Test func flushEmitsTheCandidateNow() {
    var machine = TestThrottleMachine.keeping(
      interval: 3, latest: true, edges: [.leading, .trailing])
    _ = machine.elementArrived("a", at: Self.instant(0))
    _ = machine.elementArrived("b", at: Self.instant(1))
    let actions = machine.flush(at: Self.instant(1))
    #expect(actions.first?.output == "b")
    #expect(actions.first?.dueAt == Self.instant(1))
    #expect(actions.wakeAt == Self.instant(4))
    #expect(machine.flush(at: Self.instant(2)).isEmpty)
  }
}
