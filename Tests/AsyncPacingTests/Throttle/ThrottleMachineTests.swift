import Testing

@testable import AsyncPacing

/// The throttle diagrams through the machine alone, driven step by step, under every way a
/// shell might deliver its timer.
@Suite struct ThrottleMachineTests {
  @Test(arguments: ContractDiagrams.throttle)
  func theContractsDiagrams(_ diagram: ThrottleDiagram) {
    let expected = Marble.parse(diagram.output)
    for timers in MachineDriver.TimerDelivery.all {
      var machine = ThrottleElementMachine(
        interval: diagram.interval, fold: diagram.fold, edges: diagram.edges)
      let actual = MachineDriver.run(&machine, Marble.parse(diagram.input), timers: timers)
      #expect(
        actual == expected,
        "timers \(timers)\n   input: \(diagram.input)\n\(Marble.comparison(expected: expected, actual: actual))"
      )
    }
  }

  private typealias Machine = ThrottleMachine<String, TestClock.Instant>
  private static func instant(_ step: Int) -> TestClock.Instant { MachineDriver.instant(step) }

  @Test func aWindowThatEndsDuringAnAsyncFoldEmitsWhenTheFoldReturns() {
    var machine = Machine(
      ThrottleConfiguration(interval: .seconds(3), edges: [.leading, .trailing]))
    var actions = machine.elementArrivedForAsyncFold(at: Self.instant(0))
    #expect(actions.foldRequest.map { $0 == nil } == true)  // a leading, fresh fold
    actions = machine.foldFinished("a", at: { Self.instant(0) })
    #expect(actions.first?.output == "a")
    #expect(actions.wakeAt == Self.instant(3))

    actions = machine.elementArrivedForAsyncFold(at: Self.instant(2))
    #expect(actions.foldRequest.map { $0 == nil } == true)  // first window element: fresh fold
    #expect(actions.wakeAt == Self.instant(3))
    // The window's end waits for the fold.
    #expect(machine.deadlineReached(at: Self.instant(3)).isEmpty)
    actions = machine.foldFinished("b", at: { Self.instant(5) })
    #expect(actions.first?.output == "b")
    #expect(actions.first?.dueAt == Self.instant(5))
    #expect(actions.wakeAt == Self.instant(8))  // the next window starts at that emission
  }

  @Test func anAsyncFoldIsOfferedTheCandidateSoFar() {
    var machine = Machine(
      ThrottleConfiguration(interval: .seconds(3), edges: [.leading, .trailing]))
    _ = machine.elementArrivedForAsyncFold(at: Self.instant(0))
    _ = machine.foldFinished("a", at: { Self.instant(0) })
    _ = machine.elementArrivedForAsyncFold(at: Self.instant(1))
    _ = machine.foldFinished("b", at: { Self.instant(1) })
    let actions = machine.elementArrivedForAsyncFold(at: Self.instant(2))
    #expect(actions.foldRequest == .some("b"))
  }

  @Test func aTrailingOnlyWindowWhoseFirstFoldOutlastsItEmitsWhenTheFoldReturns() {
    var machine = Machine(ThrottleConfiguration(interval: .seconds(3), edges: .trailing))
    var actions = machine.elementArrivedForAsyncFold(at: Self.instant(0))
    #expect(actions.wakeAt == Self.instant(3))  // the timer wakes at the end of the first window
    #expect(machine.deadlineReached(at: Self.instant(3)).isEmpty)
    actions = machine.foldFinished("a", at: { Self.instant(4) })
    #expect(actions.first?.output == "a")
    #expect(actions.first?.dueAt == Self.instant(4))
    #expect(actions.wakeAt == Self.instant(7))
  }

  @Test func theCandidateIsLentUntilItsWindowsEndAndComesBackWhole() {
    var machine = Machine(
      ThrottleConfiguration(interval: .seconds(3), edges: [.leading, .trailing]))
    _ = machine.elementArrivedForAsyncFold(at: Self.instant(0))
    #expect(machine.lendCandidate() == nil)  // a leading fold is running
    _ = machine.foldFinished("a", at: { Self.instant(0) })
    #expect(machine.lendCandidate() == nil)  // a window without a candidate
    _ = machine.elementArrivedForAsyncFold(at: Self.instant(1))
    _ = machine.foldFinished("b", at: { Self.instant(1) })
    let loan = machine.lendCandidate()
    #expect(loan?.candidate == "b")
    #expect(loan?.until == Self.instant(3))
    #expect(machine.lendCandidate() == nil)  // lent already
    machine.lentCandidateReturned("bcd")
    let actions = machine.deadlineReached(at: Self.instant(3))
    #expect(actions.first?.output == "bcd")
    #expect(actions.first?.dueAt == Self.instant(3))
  }

  @Test func aLentCandidateWhoseFoldIsRunningAtTheWindowsEndComesOutWhenItReturns() {
    var machine = Machine(ThrottleConfiguration(interval: .seconds(3), edges: .trailing))
    _ = machine.elementArrivedForAsyncFold(at: Self.instant(0))
    _ = machine.foldFinished("a", at: { Self.instant(0) })
    #expect(machine.lendCandidate()?.until == Self.instant(3))
    // The shell is folding into the loan when the window ends: it answers with foldFinished.
    #expect(machine.deadlineReached(at: Self.instant(3)).isEmpty)
    let actions = machine.foldFinished("ab", at: { Self.instant(4) })
    #expect(actions.first?.output == "ab")
    #expect(actions.first?.dueAt == Self.instant(4))
    #expect(actions.wakeAt == Self.instant(7))
  }

  @Test func nothingIsLentThatLaterElementsWouldNotFoldInto() {
    var leadingOnly = Machine(ThrottleConfiguration(interval: .seconds(3), edges: .leading))
    _ = leadingOnly.elementArrivedForAsyncFold(at: Self.instant(0))
    _ = leadingOnly.foldFinished("a", at: { Self.instant(0) })
    #expect(leadingOnly.lendCandidate() == nil)  // window elements are dropped
    var finishing = Machine(ThrottleConfiguration(interval: .seconds(3), edges: .trailing))
    _ = finishing.elementArrivedForAsyncFold(at: Self.instant(0))
    _ = finishing.foldFinished("a", at: { Self.instant(0) })
    _ = finishing.upstreamFinished(at: Self.instant(1))
    #expect(finishing.lendCandidate() == nil)  // the candidate waits for its window's end
  }

  @Test(arguments: [PacingEdges.trailing, [.leading, .trailing]])
  func foldingOnLoanMatchesTheModel(edges: PacingEdges) {
    var random = SplitMix64(seed: RandomSchedules.seed &+ 4000 &+ UInt64(edges.rawValue))
    var mismatches = ModelMismatches()
    var foldsOnLoan = 0
    for run in 0..<RandomSchedules.count {
      let interval = Int(random.next() % 5)
      let input = RandomSchedules.make(interval: interval, using: &random)
      let expected = ThrottleModel.run(input, interval: interval, fold: .concatenate, edges: edges)
      var machine = ThrottleLendingMachine(interval: interval, edges: edges)
      let timers = MachineDriver.TimerDelivery.randomlyLate(seed: random.next())
      let actual = MachineDriver.run(&machine, input, timers: timers)
      foldsOnLoan += machine.foldsOnLoan
      let description = "throttle(\(interval), reducing: +, edges: \(edges)), on loan"
      if mismatches.check(
        run: run, description, input: input, expected: expected, actual: actual)
      {
        return
      }
    }
    #expect(foldsOnLoan > 0)
  }

  @Test func leadingOnlyNeverAsksToFoldAWindowElement() {
    var machine = Machine(ThrottleConfiguration(interval: .seconds(3), edges: .leading))
    _ = machine.elementArrivedForAsyncFold(at: Self.instant(0))
    _ = machine.foldFinished("a", at: { Self.instant(0) })
    #expect(machine.elementArrivedForAsyncFold(at: Self.instant(1)).foldRequest == nil)
  }

  @Test func aPacersWindowOpensWhenTheEmissionStarts() {
    var machine = Machine(
      ThrottleConfiguration(
        interval: .seconds(3), edges: [.leading, .trailing], windowStart: .whenEmissionStarts))
    var actions = machine.elementArrived(at: Self.instant(0)) { _ in "a" }
    #expect(actions.first?.output == "a")
    #expect(actions.wakeAt == nil)  // no window until the action starts
    _ = machine.elementArrived(at: Self.instant(4)) { _ in "b" }  // waits for that window
    actions = machine.emissionStarted(at: Self.instant(5))
    #expect(actions.wakeAt == Self.instant(8))
    actions = machine.deadlineReached(at: Self.instant(8))
    #expect(actions.first?.output == "b")
    #expect(actions.first?.dueAt == Self.instant(8))
  }

  @Test func flushEmitsTheCandidateNow() {
    var machine = Machine(
      ThrottleConfiguration(interval: .seconds(3), edges: [.leading, .trailing]))
    _ = machine.elementArrived(at: Self.instant(0)) { _ in "a" }
    _ = machine.elementArrived(at: Self.instant(1)) { _ in "b" }
    let actions = machine.flush(at: Self.instant(1))
    #expect(actions.first?.output == "b")
    #expect(actions.first?.dueAt == Self.instant(1))
    #expect(actions.wakeAt == Self.instant(4))
    #expect(machine.flush(at: Self.instant(2)).isEmpty)
  }
}
