/// The engine's bookkeeping under its lock: catching up with due deadlines, and carrying out a
/// machine's actions.
extension PacingEngine.State {
  /// A consumer that comes back while an output waits must see the deadlines of its own
  /// instant handled first (the half-open rule): an output falling due now replaces an older
  /// waiting one, whether or not the timer task has run yet. Reads the clock only then.
  @inlinable
  mutating func catchUp(
    with now: @autoclosure () -> ElapsedInstant<C.Duration>,
    loan: CandidateLoan<Machine.Output>?, wakeups: inout PacingEngine.Wakeups
  ) {
    guard !mailbox.isEmpty, case .running = phase, let wakeAt else { return }
    let instant = time.clamp(now())
    guard wakeAt <= instant else { return }
    takeBackLentCandidate(from: loan)
    carryOut(machine.deadlineReached(at: instant), failure: nil, wakeups: &wakeups)
  }

  /// The machine must hold its candidate before it handles an event (see `CandidateLoan`).
  @inlinable
  mutating func takeBackLentCandidate(from loan: CandidateLoan<Machine.Output>?) {
    if let candidate = loan?.recall() { machine.lentCandidateReturned(candidate) }
  }

  @inlinable
  mutating func carryOut(
    _ actions: PacingActions<Machine.Output, ElapsedInstant<C.Duration>>, failure: Base.Failure?,
    wakeups: inout PacingEngine.Wakeups
  ) {
    actions.forEachEmission { output, dueAt in
      if let consumer {
        self.consumer = nil
        wakeups.consumer = (consumer, .success(output))
      } else {
        mailbox.put(output, dueAt: dueAt)
      }
    }
    if let ending = actions.ending {
      let failure = ending == .failure ? failure : nil
      wakeups.cancelledTimer = timer
      timer = nil
      wakeAt = nil
      if let timerWaiter {
        self.timerWaiter = nil
        wakeups.timer = (timerWaiter, nil)
      }
      if let consumer {
        self.consumer = nil
        phase = .finished
        wakeups.consumer = (consumer, failure.map { .failure($0) } ?? .success(nil))
      } else {
        phase = .ended(failure)
      }
      return
    }
    wakeAt = actions.wakeAt
    if let wakeAt, let timerWaiter {
      self.timerWaiter = nil
      timerTarget = wakeAt
      wakeups.timer = (timerWaiter, wakeAt)
    }
    assert(
      wakeAt == nil || timerTarget == nil || timerTarget! <= wakeAt!,
      "a machine moved its deadline earlier than the timer's sleep")
  }
}
