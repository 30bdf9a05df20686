/// The events of a throttle whose fold is the user's async reducer: the shell awaits it, so
/// the machine asks for each fold and takes its result back. Its windows all have one length,
/// known before any element (a trailing-only window opens before its first fold returns).
extension ThrottleMachine: FoldingPacingMachine
where Fold: ThrottleAwaiting, Intervals == FixedInterval<Fold.Output, Instant.Duration> {
  @inlinable
  var loan: CandidateLoan<Output> { fold.candidateLoan }

  /// The shell awaits the reducer: the machine marks the fold in progress and asks for it. A
  /// fresh fold continues from an output the consumer has not taken, if one waits: the output
  /// is an accumulation, which a later one must not replace.
  @inlinable
  mutating func elementArrived(_ element: Element, at now: Instant, untakenOutput: Bool)
    -> FoldingStep<Output, Instant>
  {
    takeBackLoan()
    var actions = Actions(.idle)
    closeWindows(upTo: now, into: &actions)
    var request = FoldRequest<Output>.none
    if var role = admitElement() {
      if role == .opener {
        openWindow(at: now, length: intervals.interval, candidate: .none)
        role = .candidate
      }
      // The shell owns the candidate while it folds: a reducer that grows a collection then
      // grows the only copy.
      let mark = ThrottleShellFold()
      switch (role, phase) {
      case (.leading, _):
        phase = .foldingLeading(mark)
        request = untakenOutput ? .intoUntaken : .fresh
      case (.candidate, .window(let end, let candidate, let finishing)):
        request = foldRequest(for: candidate, untakenOutput: untakenOutput)
        phase = .window(
          end: end,
          candidate: .folding(mark, carriesUntaken: Self.carriesUntaken(request, candidate)),
          finishing: finishing)
      case (.candidate, .endlessWindow(let candidate)):
        // A window that never ends would hold what it took back for good: it takes nothing.
        request = foldRequest(for: candidate, untakenOutput: false)
        phase = .endlessWindow(
          candidate: .folding(mark, carriesUntaken: Self.carriesUntaken(request, candidate)))
      case (.candidate, _), (.opener, _):
        preconditionFailure("a reducing throttle's candidate with no window to hold it")
      }
    }
    actions.next = .waking(at: wakeAt)
    return (actions, fold: request)
  }

  /// What an element of a window whose candidate is `candidate` is folded into. Only a fresh
  /// fold takes an untaken output back; one waiting beside a candidate (an output left for a
  /// consumer that keeps up, a leading-only window's) stays in the mailbox, which keeps every
  /// accumulation.
  @inlinable
  func foldRequest(for candidate: Phase.Candidate, untakenOutput: Bool) -> FoldRequest<Output> {
    switch candidate {
    case .none: untakenOutput ? .intoUntaken : .fresh
    case .value(let value), .opener(let value, _), .accumulated(let value): .into(value)
    case .folding: preconditionFailure("an element arrived before the previous fold finished")
    }
  }

  /// Whether a fold's result carries an output emitted before that the consumer never took:
  /// it folds into that output, or into a candidate that already carries one.
  @inlinable
  static func carriesUntaken(_ request: FoldRequest<Output>, _ candidate: Phase.Candidate) -> Bool {
    if case .intoUntaken = request { return true }
    return candidate.accumulatedValue != nil
  }

  @inlinable
  mutating func foldFinished(_ value: Output, at now: () -> Instant, mayLend: Bool) -> FoldOutcome<
    Output, Instant
  > {
    takeBackLoan()
    var actions = Actions(.idle)
    switch phase {
    case .window(let end, .folding(_, let carriesUntaken), let finishing):
      // A window whose end the timer has not reported yet still counts as open: the timer
      // emits the candidate at that end. Only an emission now needs the time.
      if mayLend && lends(whileFinishing: finishing) {
        // Every later element before `end` folds into this value: the reader keeps it.
        loan.lend(value)
        return FoldOutcome(Actions(.wake(at: end)), lentUntil: end)
      }
      phase = .window(
        end: end, candidate: .folded(value, carriesUntaken: carriesUntaken),
        finishing: finishing)
    case .endlessWindow(.folding(_, let carriesUntaken)):
      // A window that never ends is not lent: a loan lasts until an instant.
      phase = .endlessWindow(candidate: .folded(value, carriesUntaken: carriesUntaken))
    case .foldingLeading, .windowEndedWhileFolding:
      let now = now()
      phase = .idle
      emit(value, knownInterval: nil, at: now, into: &actions)
      closeWindows(upTo: now, into: &actions)
      return FoldOutcome(actions)
    case .idle, .window, .endlessWindow, .awaitingStart:
      preconditionFailure("a fold finished that the throttle did not ask for")
    }
    actions.next = .waking(at: wakeAt)
    return FoldOutcome(actions)
  }

  /// Whether later elements of the window fold into its candidate, so that it may be lent:
  /// not with the leading edge alone (window elements are dropped), nor once the upstream has
  /// finished, nor for a pacer (its window opens when the action starts).
  @inlinable
  func lends(whileFinishing finishing: Bool) -> Bool {
    guard configuration.emitsTrailing, !finishing else { return false }
    if case .atEmission = configuration.windowStart { return true }
    return false
  }
}
