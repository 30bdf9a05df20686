/// The throttle rules of <doc:PacingContract> ("Throttle") as a pure state machine.
///
/// An emission opens a window `[start, start + interval)`; elements arriving in it are folded
/// into the candidate, which the window's end emits, opening the next window; a window that
/// ends with no candidate leaves the machine idle, and the next element is a leading edge.
/// Keeping the latest element, keeping the first, and reducing are all folds, so one machine
/// serves `throttle(latest:)` and `throttle(reducing:)`. The interval is fixed, or set by the
/// value that opens each window (`Intervals`).
@usableFromInline
struct ThrottleMachine<Fold: ThrottleFolding, Instant: PacingInstant, Intervals: PacingIntervals>:
  PacingMachine
where Intervals.Value == Fold.Output, Intervals.Duration == Instant.Duration {
  @usableFromInline typealias Element = Fold.Element
  @usableFromInline typealias Output = Fold.Output
  @usableFromInline typealias Actions = PacingActions<Output, Instant>
  @usableFromInline typealias Phase = ThrottlePhase<Output, Instant, Fold.ShellFold>

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
  @usableFromInline let fold: Fold
  @usableFromInline let intervals: Intervals
  @usableFromInline var phase = Phase.idle
  /// A pacer's latest emitted value waits for its action's start, which opens a window this
  /// long, asked for already (the value was a burst's first, ``ThrottleCandidate/opener(_:interval:)``).
  /// Not part of the phase: the value waits in the shell's mailbox, perhaps behind others whose
  /// starts open windows meanwhile. A sequence's windows open at emission: it stays `nil`.
  @usableFromInline var startingInterval: Instant.Duration?

  @inlinable
  init(_ configuration: ThrottleConfiguration<Instant.Duration>, fold: Fold, intervals: Intervals) {
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
  static var delivery: PacingDelivery { Fold.delivery }

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
    case .idle, .foldingLeading, .windowEndedWhileFolding:
      preconditionFailure("a candidate with no window to hold it")
    }
  }

  // MARK: Time and endings

  @inlinable
  mutating func deadlineReached(at now: Instant) -> Actions {
    takeBackLoan()
    var actions = Actions(.idle)
    closeWindows(upTo: now, into: &actions)
    return actions
  }

  @inlinable
  mutating func upstreamFinished(at now: Instant) -> Actions {
    var actions = upstreamEnded(.finish, at: now)
    switch phase {
    case .endlessWindow(let candidate):
      // A window that never ends must not hold the finish hostage.
      if let value = candidate.value { actions.emit(value, dueAt: now) }
    case .window(let end, let candidate, _) where candidate.value != nil:
      // The rate is kept: the candidate waits for its window's end, and the finish for it.
      phase = .window(end: end, candidate: candidate, finishing: true)
      actions.next = .wake(at: end)
    default:
      break
    }
    return actions
  }

  /// A candidate that waits only for the finish comes out now, then the finish; otherwise the
  /// window stays open, and its end is asked for again at the next event.
  ///
  /// A reducing throttle's candidate that carries an output taken back comes out now, and the
  /// window keeps its end: the consumer had that output before, and a stalled clock must not
  /// keep it. If the reducer is folding into it, the result comes out when the fold returns,
  /// and a new window starts there, as for a window that ended during the fold.
  @inlinable
  mutating func deadlineUnreachable(at now: Instant) -> Actions {
    takeBackLoan()
    if case .window(let end, .accumulated(let value), finishing: false) = phase {
      phase = .window(end: end, candidate: .none, finishing: false)
      var actions = Actions(.idle)
      actions.emit(value, dueAt: now)
      return actions
    }
    if case .window(_, .folding(let mark, carriesUntaken: true), finishing: false) = phase {
      // The reducer is folding into it: the result comes out when the call returns, as for a
      // window that ended meanwhile.
      phase = .windowEndedWhileFolding(mark)
      return Actions(.idle)
    }
    guard case .window(_, let candidate, finishing: true) = phase, let value = candidate.value
    else { return Actions(.idle) }
    var actions = Actions(.end(.finish))
    actions.emit(value, dueAt: now)
    return actions
  }

  /// A candidate not yet due is dropped, unless it carries an output emitted before that the
  /// consumer never took: that comes out now, before the failure.
  @inlinable
  mutating func upstreamFailed(at now: Instant) -> Actions {
    var actions = upstreamEnded(.failure, at: now)
    if let accumulated = phase.candidate?.accumulatedValue {
      actions.emit(accumulated, dueAt: now)
    }
    return actions
  }

  /// The upstream's end at `now`: the windows that ended by then close first.
  @inlinable
  mutating func upstreamEnded(_ ending: PacingEnding, at now: Instant) -> Actions {
    takeBackLoan()
    var actions = Actions(.end(ending))
    closeWindows(upTo: now, into: &actions, thenEnding: true)
    return actions
  }

  /// Ends every window whose end is not after `now`, emitting its candidate at that end, and
  /// sets what comes next: the next window's end, or the finish a candidate waited for. With
  /// `thenEnding`, the sequence ends at `now` (`actions` says how): an emitted candidate opens
  /// no window (its interval cannot matter, and the user's closure is not asked for it).
  @inlinable
  mutating func closeWindows(
    upTo now: Instant, into actions: inout Actions, thenEnding: Bool = false
  ) {
    windows: while let end = phase.windowEnd, end <= now {
      switch phase {
      case .window(_, let candidate, let finishing):
        guard let value = candidate.value else {
          if case .folding(let mark, _) = candidate {
            phase = .windowEndedWhileFolding(mark)
          } else {
            phase = .idle
          }
          break windows
        }
        phase = .idle
        if finishing || thenEnding {
          actions.emit(value, dueAt: end)
          // What comes next is the end: the one a finishing window waited for, or the caller's.
          if finishing { actions.next = .end(.finish) }
          return
        }
        emit(value, knownInterval: candidate.knownInterval, at: end, into: &actions)
      case .awaitingStart(_, let candidate):
        phase = .awaitingStart(openUntil: nil, candidate: nil)
        guard let candidate else { break windows }
        emit(candidate, knownInterval: nil, at: end, into: &actions)
      case .idle, .endlessWindow, .foldingLeading, .windowEndedWhileFolding:
        break windows
      }
    }
    if !thenEnding { actions.next = .waking(at: wakeAt) }
  }

  /// Emits `value` and opens its window, now or when its work starts. Its length is the
  /// value's interval: `known` if the value is the burst's first, whose window asked for it.
  @inlinable
  mutating func emit(
    _ value: Output, knownInterval known: Instant.Duration?, at now: Instant,
    into actions: inout Actions
  ) {
    actions.emit(value, dueAt: now)
    switch configuration.windowStart {
    case .atEmission:
      openWindow(at: now, length: known ?? intervals.interval(for: value), candidate: .none)
    case .whenEmissionStarts:
      // An earlier emission waiting for its start is no longer the latest one.
      startingInterval = known
      phase = .awaitingStart(openUntil: phase.openWindowEnd, candidate: nil)
    }
  }

  /// Opens the window `[start, start + length)`, or one that never ends if its end lies
  /// beyond the last instant there is.
  @inlinable
  mutating func openWindow(at start: Instant, length: Instant.Duration, candidate: Phase.Candidate)
  {
    if let end = start.after(length) {
      phase = .window(end: end, candidate: candidate, finishing: false)
    } else {
      phase = .endlessWindow(candidate: candidate)
    }
  }

  /// A candidate the machine lent to the reader comes back before it handles any event (see
  /// ``CandidateLoan``); a throttle that keeps elements has no loan, and this is empty.
  @inlinable @inline(__always)
  mutating func takeBackLoan() {
    guard let value = fold.loan?.recall() else { return }
    guard case .window(let end, .folding(_, let carriesUntaken), let finishing) = phase else {
      preconditionFailure("a lent candidate came back to a window that did not lend it")
    }
    phase = .window(
      end: end, candidate: .folded(value, carriesUntaken: carriesUntaken), finishing: finishing)
  }

  /// A lent candidate is dropped with the rest.
  @inlinable
  mutating func iterationCancelled() {
    _ = fold.loan?.recall()
  }
}

extension ThrottleMachine: ElementPacingMachine where Fold: ThrottleKeeping {
  @inlinable @inline(__always)
  mutating func elementArrived(_ element: Element, at now: Instant) -> Actions {
    var actions = Actions(.idle)
    closeWindows(upTo: now, into: &actions)
    switch admitElement() {
    case nil:
      break
    case .leading:
      emit(fold.output(element), knownInterval: nil, at: now, into: &actions)
    case .opener:
      let value = fold.output(element)
      let length = intervals.interval(for: value)
      openWindow(at: now, length: length, candidate: .opener(value, interval: length))
    case .candidate:
      // Keeping the first, a window's later elements change nothing.
      if fold.latest || phase.candidateValue == nil { setCandidate(fold.output(element)) }
    }
    // A zero-length window ends where it starts: the event that opened it closes it.
    if intervals.mayBeZero { closeWindows(upTo: now, into: &actions) }
    actions.next = .waking(at: wakeAt)
    return actions
  }
}

/// Throttle with one interval for every window.
@usableFromInline
typealias FixedThrottleMachine<Fold: ThrottleFolding, Instant: PacingInstant> =
  ThrottleMachine<Fold, Instant, FixedInterval<Fold.Output, Instant.Duration>>

extension ThrottleMachine where Intervals == FixedInterval<Output, Instant.Duration> {
  @inlinable
  init(_ configuration: ThrottleConfiguration<Instant.Duration>, fold: Fold) {
    self.init(configuration, fold: fold, intervals: FixedInterval(configuration.interval))
  }
}
