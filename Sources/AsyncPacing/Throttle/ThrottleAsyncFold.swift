/// The events of a throttle whose fold is the user's async reducer: the shell awaits it, so
/// the machine asks for each fold and takes its result back.
extension ThrottleMachine {
  /// The shell awaits the reducer: the machine marks the fold in progress and asks for it.
  @inlinable
  mutating func elementArrivedForAsyncFold(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions)
    if var role = admitElement() {
      if role == .opener {
        guard let length = intervals.sharedInterval else {
          preconditionFailure("a reducing throttle has one interval for every window")
        }
        openWindow(at: now, length: length, candidate: .none)
        role = .candidate
      }
      // The shell owns the candidate while it folds: a reducer that grows a collection then
      // grows the only copy.
      switch (role, phase) {
      case (.leading, _):
        phase = .foldingLeading
        actions.foldRequest = .some(nil)
      case (.candidate, .window(let end, .value(let candidate), let finishing)):
        phase = .window(end: end, candidate: .folding, finishing: finishing)
        actions.foldRequest = .some(candidate)
      case (.candidate, .window(let end, .none, let finishing)):
        phase = .window(end: end, candidate: .folding, finishing: finishing)
        actions.foldRequest = .some(nil)
      case (.candidate, .endlessWindow(.value(let candidate))):
        phase = .endlessWindow(candidate: .folding)
        actions.foldRequest = .some(candidate)
      case (.candidate, .endlessWindow(.none)):
        phase = .endlessWindow(candidate: .folding)
        actions.foldRequest = .some(nil)
      case (.candidate, _), (.opener, _):
        preconditionFailure("an element arrived before the previous fold finished")
      }
    }
    actions.wakeAt = wakeAt
    return actions
  }

  @inlinable
  mutating func foldFinished(_ value: Output, at now: () -> Instant, mayLend: Bool) -> Actions {
    var actions = Actions()
    switch phase {
    case .window(let end, .folding, let finishing):
      // A window whose end the timer has not reported yet still counts as open: the timer
      // emits the candidate at that end. Only an emission now needs the time.
      if mayLend && lends(whileFinishing: finishing) {
        // Every later element before `end` folds into this value: the shell keeps it.
        actions.lendsCandidateUntil = end
      } else {
        phase = .window(end: end, candidate: .value(value), finishing: finishing)
      }
    case .endlessWindow(.folding):
      // A window that never ends is not lent: a loan lasts until an instant.
      phase = .endlessWindow(candidate: .value(value))
    case .foldingLeading, .windowEndedWhileFolding:
      let now = now()
      phase = .idle
      emit(value, at: now, into: &actions)
      closeWindows(upTo: now, into: &actions)
    case .idle, .window, .endlessWindow, .awaitingStart, .ended:
      return actions
    }
    actions.wakeAt = wakeAt
    return actions
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
