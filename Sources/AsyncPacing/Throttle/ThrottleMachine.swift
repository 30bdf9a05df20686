/// The throttle rules of <doc:PacingContract> ("Throttle") as a pure state machine.
///
/// An emission opens a window `[start, start + interval)`; elements arriving in it are folded
/// into the candidate, which the window's end emits, opening the next window; a window that
/// ends with no candidate leaves the machine idle, and the next element is a leading edge.
/// Keeping the latest element, keeping the first, and reducing are all folds, so one machine
/// serves `throttle(latest:)` and `throttle(reducing:)`.
@usableFromInline
struct ThrottleMachine<Element: Sendable, Output: Sendable, Instant: PacingInstant>: PacingMachine {
  @usableFromInline typealias Actions = PacingActions<Output, Instant>

  /// What a kept element becomes once folded.
  @usableFromInline
  enum Role: Sendable {
    /// Emitted at once (folded from nothing).
    case leading
    /// The window's candidate.
    case candidate
  }

  @usableFromInline let configuration: ThrottleConfiguration<Instant.Duration>
  @usableFromInline let fold: ThrottleFold<Element, Output>
  @usableFromInline var phase = ThrottlePhase<Output, Instant>.idle

  @inlinable
  init(
    _ configuration: ThrottleConfiguration<Instant.Duration>, fold: ThrottleFold<Element, Output>
  ) {
    self.configuration = configuration
    self.fold = fold
  }

  /// An empty window's end is reported too: a pacer's burst lasts until the throttle is idle.
  /// So is the end of a window whose candidate is being folded: the machine then waits for
  /// the fold, and emits its result when it returns.
  @inlinable @inline(__always)
  var wakeAt: Instant? { phase.windowEnd }

  @inlinable
  var hasEnded: Bool {
    if case .ended = phase { true } else { false }
  }

  // MARK: Elements

  @inlinable @inline(__always)
  mutating func elementArrived(_ element: Element, at now: Instant) -> Actions {
    guard case .keepingElements(let latest) = fold else {
      return elementArrivedForAsyncFold(at: now)
    }
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions)
    if let role = admitElement(at: now) {
      let seed = role == .leading ? nil : phase.candidateValue
      let value = ThrottleFold.keep(element, into: seed, latest: latest)
      switch role {
      case .leading: emit(value, at: now, into: &actions)
      case .candidate: setCandidate(value)
      }
    }
    if configuration.hasZeroInterval { closeWindows(upTo: now, into: &actions) }
    actions.wakeAt = wakeAt
    return actions
  }

  /// The shell awaits the reducer: the machine marks the fold in progress and asks for it.
  @inlinable
  mutating func elementArrivedForAsyncFold(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions)
    if let role = admitElement(at: now) {
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
      case (.candidate, _):
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

  /// Whether the machine keeps an element arriving at `now`, and as what.
  @inlinable
  mutating func admitElement(at now: Instant) -> Role? {
    guard case .idle = phase else { return configuration.emitsTrailing ? .candidate : nil }
    if configuration.emitsLeading { return .leading }
    // Trailing only: the first element opens a window and waits for its end.
    openWindow(at: now, candidate: .none)
    return .candidate
  }

  /// Stores the folded candidate where the phase keeps it.
  @inlinable
  mutating func setCandidate(_ value: Output) {
    switch phase {
    case .window(let end, _, let finishing):
      phase = .window(end: end, candidate: .value(value), finishing: finishing)
    case .endlessWindow:
      phase = .endlessWindow(candidate: .value(value))
    case .awaitingStart(let openUntil, _):
      phase = .awaitingStart(openUntil: openUntil, candidate: value)
    case .idle, .foldingLeading, .windowEndedWhileFolding, .ended:
      preconditionFailure("a candidate with no window to hold it")
    }
  }

  // MARK: Time and endings

  @inlinable
  mutating func deadlineReached(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions)
    actions.wakeAt = wakeAt
    return actions
  }

  @inlinable
  mutating func upstreamFinished(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions)
    switch phase {
    case .ended:
      return actions
    case .endlessWindow(.value(let candidate)):
      // A window that never ends must not hold the finish hostage.
      emit(candidate, at: now, into: &actions)
      end(.finish, into: &actions)
    case .window(let end, .value(let candidate), _):
      // The rate is kept: the candidate waits for its window's end, and the finish for it.
      phase = .window(end: end, candidate: .value(candidate), finishing: true)
      actions.wakeAt = wakeAt
    default:
      end(.finish, into: &actions)
    }
    return actions
  }

  /// A candidate that waits only for the finish comes out now, then the finish; otherwise the
  /// window stays open, and its end is asked for again at the next event.
  @inlinable
  mutating func deadlineUnreachable(at now: Instant) -> Actions {
    var actions = Actions()
    guard case .window(_, .value(let candidate), finishing: true) = phase else { return actions }
    emit(candidate, at: now, into: &actions)
    end(.finish, into: &actions)
    return actions
  }

  @inlinable
  mutating func upstreamFailed(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions)
    guard !hasEnded else { return actions }
    end(.failure, into: &actions)
    return actions
  }

  /// Ends every window whose end is not after `now`, emitting its candidate at that end.
  @inlinable
  mutating func closeWindows(upTo now: Instant, into actions: inout Actions) {
    while let end = phase.windowEnd, end <= now {
      switch phase {
      case .window(_, .folding, _):
        phase = .windowEndedWhileFolding
        return
      case .window(_, .none, _):
        phase = .idle
        return
      case .window(_, .value(let candidate), let finishing):
        phase = .idle
        emit(candidate, at: end, into: &actions)
        if finishing {
          self.end(.finish, into: &actions)
          return
        }
      case .awaitingStart(_, let candidate):
        phase = .awaitingStart(openUntil: nil, candidate: nil)
        guard let candidate else { return }
        emit(candidate, at: end, into: &actions)
      case .idle, .endlessWindow, .foldingLeading, .windowEndedWhileFolding, .ended:
        return
      }
    }
  }

  /// Emits `value` and opens its window, now or when its work starts.
  @inlinable
  mutating func emit(_ value: Output, at now: Instant, into actions: inout Actions) {
    actions.emit(value, dueAt: now)
    switch configuration.windowStart {
    case .atEmission:
      openWindow(at: now, candidate: .none)
    case .whenEmissionStarts:
      phase = .awaitingStart(openUntil: phase.openWindowEnd, candidate: nil)
    }
  }

  /// Opens the window `[start, start + interval)`, or one that never ends if its end lies
  /// beyond the last instant there is.
  @inlinable
  mutating func openWindow(at start: Instant, candidate: ThrottleCandidate<Output>) {
    if let end = start.after(configuration.interval) {
      phase = .window(end: end, candidate: candidate, finishing: false)
    } else {
      phase = .endlessWindow(candidate: candidate)
    }
  }

  @inlinable
  mutating func end(_ ending: PacingEnding, into actions: inout Actions) {
    phase = .ended
    actions.ending = ending
  }
}
