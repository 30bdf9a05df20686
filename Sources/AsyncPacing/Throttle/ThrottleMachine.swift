/// The throttle rules of <doc:PacingContract> ("Throttle") as a pure state machine.
///
/// An emission opens a window `[start, start + interval)`; elements arriving in it are folded
/// into the candidate, which the window's end emits, opening the next window; a window that
/// ends with no candidate leaves the machine idle, and the next element is a leading edge.
/// Keeping the latest element, keeping the first, and reducing are all folds, so one machine
/// serves `throttle(latest:)` and `throttle(reducing:)`.
@usableFromInline
struct ThrottleMachine<Output: Sendable, Instant: PacingInstant>: FoldingPacingMachine {
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
  /// The end of the open window, if one is open.
  @usableFromInline var windowEnd: Instant?
  /// An emission is out and its window opens when its work starts.
  @usableFromInline var awaitingStart = false
  @usableFromInline var candidate: Output?
  /// The role of the element being folded asynchronously, if any.
  @usableFromInline var folding: Role?
  /// The window ended while an element was being folded into its candidate: the fold's result
  /// is emitted as soon as it is known.
  @usableFromInline var windowEndedWhileFolding = false
  /// The upstream finished with a candidate left: it comes out at its window's end, then the
  /// sequence finishes.
  @usableFromInline var finishRequested = false
  @usableFromInline var hasEnded = false

  @inlinable
  init(_ configuration: ThrottleConfiguration<Instant.Duration>) {
    self.configuration = configuration
  }

  @inlinable
  var isIdle: Bool { windowEnd == nil && !awaitingStart }

  /// An empty window's end is reported too: a pacer's burst lasts until the throttle is idle.
  /// So is the end of a window whose candidate is being folded: the machine then waits for
  /// the fold, and emits its result when it returns.
  @inlinable
  var wakeAt: Instant? { windowEnd }

  // MARK: Elements

  @inlinable
  mutating func elementArrived(at now: Instant, folding fold: (Output?) -> Output) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions)
    if let role = admitElement(at: now) {
      let value = fold(role == .leading ? nil : candidate)
      take(value, as: role, at: now, into: &actions)
    }
    if configuration.hasZeroInterval { closeWindows(upTo: now, into: &actions) }
    actions.wakeAt = wakeAt
    return actions
  }

  @inlinable
  mutating func elementArrivedForAsyncFold(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    precondition(folding == nil, "an element arrived before the previous fold finished")
    closeWindows(upTo: now, into: &actions)
    if let role = admitElement(at: now) {
      // The shell owns the candidate while it folds, as on loan: a reducer that grows a
      // collection then grows the only copy.
      folding = role
      actions.foldRequest = .some(role == .leading ? nil : candidate.take())
    }
    actions.wakeAt = wakeAt
    return actions
  }

  @inlinable
  mutating func foldFinished(_ value: Output, at now: () -> Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded, let role = folding.take() else { return actions }
    // A window whose end the timer has not reported yet still counts as open: the timer
    // emits the candidate at that end. Only an emission now needs the time.
    guard role == .leading || windowEndedWhileFolding else {
      candidate = value
      actions.wakeAt = wakeAt
      return actions
    }
    let now = now()
    windowEndedWhileFolding = false
    emit(value, at: now, into: &actions)
    closeWindows(upTo: now, into: &actions)
    actions.wakeAt = wakeAt
    return actions
  }

  /// Only a sequence's windows are lent: a pacer's window opens when the action starts, not at
  /// an instant the machine knows when it lends.
  @inlinable
  mutating func lendCandidate() -> (candidate: Output, until: Instant)? {
    guard !hasEnded, folding == nil, !finishRequested, configuration.emitsTrailing,
      case .atEmission = configuration.windowStart, let windowEnd, let candidate
    else { return nil }
    folding = .candidate
    self.candidate = nil
    return (candidate, windowEnd)
  }

  @inlinable
  mutating func lentCandidateReturned(_ candidate: Output) {
    precondition(
      folding == .candidate && !windowEndedWhileFolding,
      "a candidate came back that was not lent, or after an event")
    folding = nil
    self.candidate = candidate
  }

  /// Whether the machine keeps an element arriving at `now`, and as what.
  @inlinable
  mutating func admitElement(at now: Instant) -> Role? {
    if isIdle {
      if configuration.emitsLeading { return .leading }
      // Trailing only: the first element opens a window and waits for its end.
      windowEnd = now.advanced(by: configuration.interval)
      return .candidate
    }
    return configuration.emitsTrailing ? .candidate : nil
  }

  @inlinable
  mutating func take(_ value: Output, as role: Role, at now: Instant, into actions: inout Actions) {
    switch role {
    case .leading: emit(value, at: now, into: &actions)
    case .candidate: candidate = value
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

  /// The emitted value's work started at `now`: its window opens (pacers only). Every start
  /// opens one, also that of a second value due at the same instant (a flush), since that
  /// start must space the next one too.
  @inlinable
  mutating func emissionStarted(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    awaitingStart = false
    windowEnd = now.advanced(by: configuration.interval)
    closeWindows(upTo: now, into: &actions)
    actions.wakeAt = wakeAt
    return actions
  }

  @inlinable
  mutating func upstreamFinished(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions)
    guard !hasEnded else { return actions }
    if candidate != nil && windowEnd != nil {
      // The rate is kept: the candidate waits for its window's end, and the finish for it.
      finishRequested = true
      actions.wakeAt = wakeAt
    } else {
      end(.finish, into: &actions)
    }
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

  @inlinable
  mutating func flush(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions)
    if let candidate = candidate.take() { emit(candidate, at: now, into: &actions) }
    actions.wakeAt = wakeAt
    return actions
  }

  /// A pacer's cancel: the candidate goes, and so does an emitted value that waited for its
  /// start (no window will open for it); the open window stays. Returns the next `wakeAt`.
  @inlinable
  mutating func dropCandidate() -> Instant? {
    candidate = nil
    awaitingStart = false
    return wakeAt
  }

  /// Ends every window whose end is not after `now`, emitting its candidate at that end.
  @inlinable
  mutating func closeWindows(upTo now: Instant, into actions: inout Actions) {
    while let end = windowEnd, end <= now {
      windowEnd = nil
      if folding != nil {
        windowEndedWhileFolding = true
        return
      }
      guard let candidate = candidate.take() else { return }
      emit(candidate, at: end, into: &actions)
      if finishRequested {
        self.end(.finish, into: &actions)
        return
      }
    }
  }

  /// Emits `value` and opens its window, now or when its work starts.
  @inlinable
  mutating func emit(_ value: Output, at now: Instant, into actions: inout Actions) {
    actions.emit(value, dueAt: now)
    switch configuration.windowStart {
    case .atEmission: windowEnd = now.advanced(by: configuration.interval)
    case .whenEmissionStarts: awaitingStart = true
    }
  }

  @inlinable
  mutating func end(_ ending: PacingEnding, into actions: inout Actions) {
    candidate = nil
    windowEnd = nil
    awaitingStart = false
    hasEnded = true
    actions.ending = ending
  }
}
