/// The reader of a machine whose elements the shell folds with the user's async reducer (the
/// reducing throttle): the only reader that knows about fold requests and loans.
extension SequenceShell where Machine: FoldingPacingMachine {
  @inlinable
  convenience init(
    base: Base, machine: Machine, reducer: @escaping Reducer, clock: C, tolerance: C.Duration?
  ) {
    self.init(
      base: base, machine: machine, clock: clock, tolerance: tolerance,
      reads: { [loan = machine.loan] in await $0.readAndFold(with: reducer, loan: loan) })
  }

  /// Hands each element to the machine, reading the clock once per element; when the machine
  /// asks for a fold, awaits the reducer before it reads the next element, so folds run one at
  /// a time and in arrival order (an element's instant is when the upstream's `next()` returned
  /// it, <doc:PacingContract>, "Throttle").
  ///
  /// While the machine lends it the window's candidate, the reader folds elements arriving
  /// before the window's end into it without the lock (see ``CandidateLoan``).
  @inlinable
  func readAndFold(with reducer: Reducer, loan: CandidateLoan<Output>) async {
    var iterator = base.makeAsyncIterator()
    // The end of the window whose candidate is on loan, while it may be.
    var loanEnds: Instant?
    do throws(Failure) {
      while let element = try await iterator.next(isolation: nil) {
        let now = timebase.now
        if let end = loanEnds, now < end, let candidate = loan.beginFold() {
          let folded = await reducer(candidate, element)
          guard let recalled = loan.endFold(folded) else { continue }
          // The machine took the loan back while the reducer ran: the result goes to the
          // machine like any fold's, emitted now if the window has ended.
          loanEnds = nil
          guard let outcome = foldFinished(recalled, mayLend: false) else { return }
          if outcome.mailboxIsFull {
            guard await roomInMailbox() else { return }
          }
          continue
        }
        loanEnds = nil
        guard let (request, mailboxIsFull) = foldingElementArrived(element, at: now) else {
          return
        }
        let seed: Output?
        switch request {
        case .none:
          if mailboxIsFull {
            guard await roomInMailbox() else { return }
          }
          continue
        case .fresh: seed = nil
        case .into(let value): seed = value
        case .intoUntaken: preconditionFailure("an untaken output the shell did not take back")
        }
        let value = await reducer(seed, element)
        guard let outcome = foldFinished(value, mayLend: true) else { return }
        if outcome.mailboxIsFull {
          guard await roomInMailbox() else { return }
        }
        loanEnds = outcome.lentUntil
      }
      upstreamFinished(at: timebase.now)
    } catch {
      handle(at: timebase.now, failure: error) { $0.upstreamFailed(at: $1()) }
    }
  }

  /// Hands an element to the machine at `now`, and the deadlines up to `now` before it, so
  /// that whether an output waits untaken does not depend on whether the timer ran first. The
  /// output the machine folds into is taken back from the mailbox here: the request comes back
  /// as `.into` that output. `nil` once the machine takes no more events.
  @inlinable
  func foldingElementArrived(_ element: Base.Element, at now: Instant) -> (
    request: FoldRequest<Output>, mailboxIsFull: Bool
  )? {
    var effects = Effects()
    let result = state.withLock { state -> (FoldRequest<Output>, Bool)? in
      catchUp(&state, effects: &effects, reading: now)
      guard state.side.takesEvents else { return nil }
      let now = state.time.clamp(now)
      let untaken = state.mailbox.takesBackLatestOutput(forElementAt: now)
      let step = state.machine.elementArrived(element, at: now, untakenOutput: untaken)
      // The deadlines up to `now` were handled first: an emission here would be posted after
      // the output taken back, out of order.
      assert(!untaken || step.actions.emissions.isEmpty, "a window closed after a take-back")
      var request = step.fold
      if case .intoUntaken = request {
        guard let untakenOutput = state.mailbox.takeBackLatestOutput() else {
          preconditionFailure("the machine folds into an output that is not waiting")
        }
        request = .into(untakenOutput)
      }
      apply(step.actions, failure: nil, to: &state, effects: &effects)
      return (request, state.mailbox.isFull)
    }
    perform(effects)
    return result
  }

  /// Hands the machine a fold's result; `nil` once it takes no more events. The clock is read
  /// only if the result is emitted now.
  @inlinable
  func foldFinished(_ value: Output, mayLend: Bool) -> (lentUntil: Instant?, mailboxIsFull: Bool)? {
    var lentUntil: Instant?
    let mailboxIsFull = handle(
      at: nil,
      { machine, now in
        let outcome = machine.foldFinished(value, at: now, mayLend: mayLend)
        lentUntil = outcome.lentUntil
        return outcome.actions
      },
      inspect: { _, mailboxIsFull in mailboxIsFull })
    return mailboxIsFull.map { (lentUntil, $0) }
  }
}
