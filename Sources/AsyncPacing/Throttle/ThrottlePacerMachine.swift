/// Throttle as a pacer runs it: values sent are elements, folded by keeping the latest or the
/// first, and a window opens when the action starts.
extension ThrottleMachine: CallbackPacingMachine where Element == Output {
  /// The emitted value's work started at `now`: its window opens (pacers only). Every start
  /// opens one, also that of a second value due at the same instant (a flush), since that
  /// start must space the next one too.
  @inlinable
  mutating func emissionStarted(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    let candidate = phase.candidateValue.map { ThrottleCandidate.value($0) } ?? .none
    openWindow(at: now, candidate: candidate)
    closeWindows(upTo: now, into: &actions)
    actions.wakeAt = wakeAt
    return actions
  }

  @inlinable
  mutating func flush(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions)
    if let candidate = phase.candidateValue {
      dropCandidateValue()
      emit(candidate, at: now, into: &actions)
    }
    actions.wakeAt = wakeAt
    return actions
  }

  @inlinable
  var hasPendingValue: Bool { phase.candidateValue != nil }

  /// A pacer's cancel: the candidate goes, and so does an emitted value that waited for its
  /// start (no window will open for it); the open window stays. Returns the next `wakeAt`.
  @inlinable
  mutating func dropPending() -> Instant? {
    switch phase {
    case .window(let end, _, let finishing):
      phase = .window(end: end, candidate: .none, finishing: finishing)
    case .endlessWindow, .awaitingStart(.never?, _):
      phase = .endlessWindow(candidate: .none)
    case .awaitingStart(.at(let openUntil)?, _):
      phase = .window(end: openUntil, candidate: .none, finishing: false)
    case .awaitingStart(nil, _):
      phase = .idle
    case .idle, .foldingLeading, .windowEndedWhileFolding, .ended:
      break
    }
    return wakeAt
  }

  /// Takes the candidate's value out, leaving the window as it is.
  @inlinable
  mutating func dropCandidateValue() {
    switch phase {
    case .window(let end, .value, let finishing):
      phase = .window(end: end, candidate: .none, finishing: finishing)
    case .endlessWindow(.value):
      phase = .endlessWindow(candidate: .none)
    case .awaitingStart(let openUntil, _):
      phase = .awaitingStart(openUntil: openUntil, candidate: nil)
    default:
      break
    }
  }
}
