/// The throttle rules of <doc:PacingContract> ("Throttle") as a pure state machine.
///
/// An emission opens a window `[start, start + interval)`; elements arriving in it are folded
/// into the candidate, which the window's end emits, opening the next window; a window that
/// ends with no candidate leaves the machine idle, and the next element is a leading edge.
/// Keeping the latest element, keeping the first, and reducing are all folds, so one machine
/// serves `throttle(latest:)` and `throttle(reducing:)`. The interval is fixed, or set by the
/// value that opens each window (`Intervals`).
@usableFromInline
struct ThrottleMachine<
  Element: Sendable, Output: Sendable, Instant: PacingInstant, Intervals: PacingIntervals
>: PacingMachine where Intervals.Value == Output, Intervals.Duration == Instant.Duration {
  @usableFromInline typealias Actions = PacingActions<Output, Instant>

  /// What a kept element becomes once folded.
  @usableFromInline
  enum Role: Sendable {
    /// Emitted at once (folded from nothing).
    case leading
    /// The window's candidate.
    case candidate
    /// Trailing only, while idle: it opens a window and is its candidate.
    case opener
  }

  @usableFromInline let configuration: ThrottleConfiguration<Instant.Duration>
  @usableFromInline let fold: ThrottleFold<Element, Output>
  @usableFromInline let intervals: Intervals
  @usableFromInline var phase = ThrottlePhase<Output, Instant>.idle
  @usableFromInline var opener = ThrottleOpener<Instant.Duration>.none

  @inlinable
  init(
    _ configuration: ThrottleConfiguration<Instant.Duration>, fold: ThrottleFold<Element, Output>,
    intervals: Intervals
  ) {
    self.configuration = configuration
    self.fold = fold
    self.intervals = intervals
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
    if let role = admitElement() {
      let seed = role == .candidate ? phase.candidateValue : nil
      let value = ThrottleFold.keep(element, into: seed, latest: latest)
      switch role {
      case .leading:
        emit(value, at: now, into: &actions)
      case .opener:
        let length = intervals.interval(for: value)
        opener = .candidate(length)
        openWindow(at: now, length: length, candidate: .value(value))
      case .candidate:
        // A newer element replaces the burst's first as the candidate.
        if latest, case .candidate = opener { opener = .none }
        setCandidate(value)
      }
    }
    // A zero-length window ends where it starts: the event that opened it closes it.
    if intervals.mayBeZero { closeWindows(upTo: now, into: &actions) }
    actions.wakeAt = wakeAt
    return actions
  }

  /// Whether the machine keeps an element that arrives now, and as what.
  @inlinable
  func admitElement() -> Role? {
    guard case .idle = phase else { return configuration.emitsTrailing ? .candidate : nil }
    // Trailing only: the first element opens a window and waits for its end.
    return configuration.emitsLeading ? .leading : .opener
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
    closeWindows(upTo: now, into: &actions, thenEnding: true)
    switch phase {
    case .ended:
      return actions
    case .endlessWindow(.value(let candidate)):
      // A window that never ends must not hold the finish hostage.
      actions.emit(candidate, dueAt: now)
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
    actions.emit(candidate, dueAt: now)
    end(.finish, into: &actions)
    return actions
  }

  @inlinable
  mutating func upstreamFailed(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    closeWindows(upTo: now, into: &actions, thenEnding: true)
    guard !hasEnded else { return actions }
    end(.failure, into: &actions)
    return actions
  }

  /// Ends every window whose end is not after `now`, emitting its candidate at that end.
  /// `thenEnding`: the sequence ends at `now`, so an emitted candidate opens no window (its
  /// interval cannot matter, and the user's closure is not asked for it).
  @inlinable
  mutating func closeWindows(
    upTo now: Instant, into actions: inout Actions, thenEnding: Bool = false
  ) {
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
        guard finishing || thenEnding else {
          emit(candidate, at: end, into: &actions)
          continue
        }
        actions.emit(candidate, dueAt: end)
        if finishing { self.end(.finish, into: &actions) }
        return
      case .awaitingStart(_, let candidate):
        phase = .awaitingStart(openUntil: nil, candidate: nil)
        guard let candidate else { return }
        emit(candidate, at: end, into: &actions)
      case .idle, .endlessWindow, .foldingLeading, .windowEndedWhileFolding, .ended:
        return
      }
    }
  }

  /// Emits `value` and opens its window, now or when its work starts. Its length is the
  /// value's interval, known already if the value is the burst's first.
  @inlinable
  mutating func emit(_ value: Output, at now: Instant, into actions: inout Actions) {
    actions.emit(value, dueAt: now)
    let known: Instant.Duration?
    if case .candidate(let length) = opener { known = length } else { known = nil }
    // A pacer's earlier emission that waits for its start is no longer the latest one.
    opener = .none
    switch configuration.windowStart {
    case .atEmission:
      openWindow(at: now, length: known ?? intervals.interval(for: value), candidate: .none)
    case .whenEmissionStarts:
      if let known { opener = .starting(known) }
      phase = .awaitingStart(openUntil: phase.openWindowEnd, candidate: nil)
    }
  }

  /// Opens the window `[start, start + length)`, or one that never ends if its end lies
  /// beyond the last instant there is.
  @inlinable
  mutating func openWindow(
    at start: Instant, length: Instant.Duration, candidate: ThrottleCandidate<Output>
  ) {
    if let end = start.after(length) {
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

/// Throttle with one interval for every window.
@usableFromInline
typealias FixedThrottleMachine<Element: Sendable, Output: Sendable, Instant: PacingInstant> =
  ThrottleMachine<Element, Output, Instant, FixedInterval<Output, Instant.Duration>>

extension ThrottleMachine where Intervals == FixedInterval<Output, Instant.Duration> {
  @inlinable
  init(
    _ configuration: ThrottleConfiguration<Instant.Duration>, fold: ThrottleFold<Element, Output>
  ) {
    self.init(configuration, fold: fold, intervals: FixedInterval(configuration.interval))
  }
}
