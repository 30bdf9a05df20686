@testable import AsyncPacing

/// A throttle machine driven the way the reducing reader drives it, with an instantaneous
/// concatenating reducer: each element through `elementArrivedForAsyncFold` and
/// `foldFinished`, except those arriving while the machine lends its candidate, which are
/// folded into the loan without the machine; the loan goes back before every other event.
struct ThrottleLendingMachine: ElementPacingMachine {
  typealias Actions = PacingActions<String, TestClock.Instant>

  var machine: ThrottleMachine<String, TestClock.Instant>
  var loan: (candidate: String, until: TestClock.Instant)?
  /// How many elements were folded on loan, so tests can tell the loan was exercised.
  private(set) var foldsOnLoan = 0

  init(interval: Int, edges: PacingEdges) {
    machine = ThrottleMachine(ThrottleConfiguration(interval: .seconds(interval), edges: edges))
  }

  mutating func elementArrived(_ element: String, at now: TestClock.Instant) -> Actions {
    if let (candidate, until) = loan, now < until {
      loan = (candidate + element, until)
      foldsOnLoan += 1
      var actions = Actions()
      actions.wakeAt = until
      return actions
    }
    takeBackTheLoan()
    var actions = machine.elementArrivedForAsyncFold(at: now)
    guard let request = actions.foldRequest else { return actions }
    let finished = machine.foldFinished((request ?? "") + element, at: { now })
    finished.forEachEmission { actions.emit($0, dueAt: $1) }
    actions.ending = finished.ending
    actions.wakeAt = finished.wakeAt
    loan = machine.lendCandidate()
    return actions
  }

  mutating func deadlineReached(at now: TestClock.Instant) -> Actions {
    takeBackTheLoan()
    return machine.deadlineReached(at: now)
  }

  mutating func upstreamFinished(at now: TestClock.Instant) -> Actions {
    takeBackTheLoan()
    return machine.upstreamFinished(at: now)
  }

  mutating func upstreamFailed(at now: TestClock.Instant) -> Actions {
    takeBackTheLoan()
    return machine.upstreamFailed(at: now)
  }

  mutating func flush(at now: TestClock.Instant) -> Actions {
    takeBackTheLoan()
    return machine.flush(at: now)
  }

  private mutating func takeBackTheLoan() {
    guard let (candidate, _) = loan.take() else { return }
    machine.lentCandidateReturned(candidate)
  }
}
