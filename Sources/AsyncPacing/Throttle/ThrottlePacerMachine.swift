/// Throttle as a pacer runs it: values sent are elements, folded by keeping the latest or the
/// first, and a window opens when the action starts.
extension ThrottleMachine: CallbackPacingMachine where Fold: ThrottleKeeping, Element == Output {
  @inlinable
  static var pacerName: StaticString { "Throttler" }

  /// The contract's rule that the per-value closure must not call the pacer, named when it
  /// does (``UserClosureCalls``).
  @inlinable
  static var perValueRule: StaticString { "Each window's own interval" }

  /// The emitted value's work started at `now`: its window opens (pacers only), as long as
  /// the value's interval. Every start opens one, also that of a second value due at the same
  /// instant (a flush), since that start must space the next one too.
  ///
  /// A burst's first element, emitted last and now starting with nothing behind it, had its
  /// interval asked for when it opened its window. The start of a value with others waiting
  /// behind it cannot be that element: they were emitted after it, and the latest one is.
  @inlinable
  mutating func emissionStarted(_ value: Output, at now: Instant, othersWaiting: Bool) -> Actions {
    var actions = Actions(.idle)
    let length: Instant.Duration
    if !othersWaiting, let known = startingInterval {
      length = known
      startingInterval = nil
    } else {
      length = intervals.interval(for: value)
    }
    let candidate = phase.candidate ?? .none
    let stillOpen = phase.openWindowEnd
    openWindow(at: now, length: length, candidate: candidate)
    if let stillOpen { keepWindowOpen(until: stillOpen) }
    closeWindows(upTo: now, into: &actions)
    return actions
  }

  /// A window still open when a start opens the next one (one a flush emitted inside, or one
  /// a burst's first value opened while an earlier value waited to start) keeps its end if
  /// that is later: no window ends before the interval of the value that opened it. With one
  /// interval for every value the new window always ends later.
  @inlinable
  mutating func keepWindowOpen(until end: PeriodEnd<Instant>) {
    switch (phase, end) {
    case (.window(let opened, let candidate, let finishing), .at(let kept)) where kept > opened:
      phase = .window(end: kept, candidate: candidate, finishing: finishing)
    case (.window(_, let candidate, _), .never):
      phase = .endlessWindow(candidate: candidate)
    default:
      break
    }
  }

  @inlinable
  mutating func flush(at now: Instant) -> Actions {
    var actions = Actions(.idle)
    closeWindows(upTo: now, into: &actions)
    if let candidate = phase.candidate, let value = candidate.value {
      dropCandidateValue()
      emit(value, knownInterval: candidate.knownInterval, at: now, into: &actions)
    }
    actions.next = .waking(at: wakeAt)
    return actions
  }

  @inlinable
  var hasPendingValue: Bool { phase.candidateValue != nil }

  /// A pacer's cancel: the candidate goes, and so does an emitted value that waited for its
  /// start (no window will open for it); the open window stays. Returns the next `wakeAt`.
  @inlinable
  mutating func dropPending() -> Instant? {
    startingInterval = nil
    switch phase {
    case .window(let end, _, let finishing):
      phase = .window(end: end, candidate: .none, finishing: finishing)
    case .endlessWindow, .awaitingStart(.never?, _):
      phase = .endlessWindow(candidate: .none)
    case .awaitingStart(.at(let openUntil)?, _):
      phase = .window(end: openUntil, candidate: .none, finishing: false)
    case .awaitingStart(nil, _):
      phase = .idle
    case .idle, .foldingLeading, .windowEndedWhileFolding:
      break
    }
    return wakeAt
  }

  /// Takes the candidate's value out, leaving the window as it is.
  @inlinable
  mutating func dropCandidateValue() {
    switch phase {
    case .window(let end, .value, let finishing), .window(let end, .opener, let finishing):
      phase = .window(end: end, candidate: .none, finishing: finishing)
    case .endlessWindow(.value), .endlessWindow(.opener):
      phase = .endlessWindow(candidate: .none)
    case .awaitingStart(let openUntil, _):
      phase = .awaitingStart(openUntil: openUntil, candidate: nil)
    default:
      break
    }
  }
}
