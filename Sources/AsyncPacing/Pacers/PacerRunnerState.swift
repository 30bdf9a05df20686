/// The runner's decisions under its lock: what the runner must be told, and what it does next.
extension PacerRunner.State {
  /// Moves the emitted values into the mailbox: the action is the consumer, and the runner
  /// takes them from there.
  @inlinable
  mutating func take(_ actions: PacingActions<Machine.Value, ElapsedInstant<C.Duration>>) {
    actions.forEachEmission { value, dueAt in mailbox.put(value, dueAt: dueAt) }
    wakeAt = actions.wakeAt
  }

  /// Lets the machine see a deadline that has passed; reads the clock only if one is set.
  @inlinable
  mutating func catchUp(with now: @autoclosure () -> ElapsedInstant<C.Duration>) {
    guard let wakeAt else { return }
    let now = time.clamp(now())
    if wakeAt <= now { take(machine.deadlineReached(at: now)) }
  }

  @inlinable
  var needsSleeper: Bool {
    guard let wakeAt else { return false }
    return sleeperTarget.map { wakeAt < $0 } ?? true
  }

  @inlinable
  mutating func poke() -> PacerRunner.Attention {
    if let pokeWaiter {
      self.pokeWaiter = nil
      return .resume(pokeWaiter)
    }
    pokePending = true
    return .none
  }

  /// What the runner must be told after `send` or `flush` changed the machine.
  @inlinable
  mutating func attention(cancelsRunningAction: Bool) -> PacerRunner.Attention {
    switch phase {
    case .none:
      guard !mailbox.isEmpty || wakeAt != nil else { return .none }
      phase = .waiting
      return .startRunner
    case .waiting:
      return !mailbox.isEmpty || needsSleeper ? poke() : .none
    case .acting(_, let cancelled):
      if cancelled { return .none }
      if cancelsRunningAction && !mailbox.isEmpty { return poke() }
      return needsSleeper ? poke() : .none
    }
  }

  @inlinable
  mutating func actionDidFinish() -> PacerRunner.Attention {
    actionFinished = true
    return poke()
  }

  @inlinable
  mutating func nextStep(
    now: () -> ElapsedInstant<C.Duration>, cancelsRunningAction: Bool
  ) -> PacerRunner.Step {
    catchUp(with: now())
    switch phase {
    case .acting(let since, let cancelled):
      if actionFinished { return .endPhase }
      // A release always comes with a cancel, so it is counted in `cancels` too.
      let mustCancel = cancels != since || (cancelsRunningAction && !mailbox.isEmpty)
      if mustCancel && !cancelled {
        phase = .acting(since: since, cancelled: true)
        return .cancelAction
      }
      // A cancelled group starts new children cancelled: deadlines wait for the action.
      if cancelled { return wait(sleepingUntil: nil) }
    case .waiting:
      if isReleased || !mailbox.isEmpty || wakeAt == nil { return .endPhase }
    case .none:
      return .endPhase
    }
    guard needsSleeper else { return wait(sleepingUntil: nil) }
    sleeperTarget = wakeAt
    return wait(sleepingUntil: wakeAt)
  }

  /// Sleeps (if `deadline` is set) and then waits for a poke, unless one already came.
  @inlinable
  mutating func wait(sleepingUntil deadline: ElapsedInstant<C.Duration>?) -> PacerRunner.Step {
    if pokePending {
      pokePending = false
      return .sleep(until: deadline, thenWait: false)
    }
    return .sleep(until: deadline, thenWait: true)
  }
}
