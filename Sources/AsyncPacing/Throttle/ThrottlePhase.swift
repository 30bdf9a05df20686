/// Where a throttle stands: one case per situation, so that no combination the rules exclude
/// can be stored (the reference model's `State`, with what the shells add: folds the shell runs,
/// windows that open when a pacer's action starts, and a finish that waits for a window's end).
@usableFromInline
enum ThrottlePhase<Output: Sendable, Instant: PacingInstant>: Sendable {
  /// No window is open: the next element is a leading edge (or, trailing only, opens one).
  case idle
  /// The shell folds a leading element asynchronously; its result is emitted when it returns.
  case foldingLeading
  /// The window `[…, end)` is open and `candidate` is what its end emits. `finishing`: the
  /// upstream finished, and the sequence finishes once the candidate is out.
  case window(end: Instant, candidate: ThrottleCandidate<Output>, finishing: Bool)
  /// A window whose end lies beyond the last instant there is: its candidate waits for a flush
  /// or the finish, which emits it at once. A case of its own, so that an ordinary window's end
  /// stays a bare instant (measured: an enum in its place cost the throttle's per-element path).
  case endlessWindow(candidate: ThrottleCandidate<Output>)
  /// The window ended while the shell folded its candidate: the fold's result is emitted as
  /// soon as it is known, and the next window starts there.
  case windowEndedWhileFolding
  /// A pacer's emitted value waits for its action to start, which opens its window. Values sent
  /// meanwhile (`candidate`) belong to that window; `openUntil` is the end of a window a flush
  /// emitted inside, which still ends as windows do.
  case awaitingStart(openUntil: ThrottleWindowEnd<Instant>?, candidate: Output?)
  /// The sequence finished or failed: nothing more happens.
  case ended
}

/// When an open window ends: at an instant, or never, for a window whose end lies beyond what
/// the instant can represent; what a pacer's emission awaiting its start remembers.
@usableFromInline
enum ThrottleWindowEnd<Instant: PacingInstant>: Sendable {
  case at(Instant)
  case never
}

/// What a window's end will emit.
@usableFromInline
enum ThrottleCandidate<Output: Sendable>: Sendable {
  case none
  case value(Output)
  /// The shell holds the candidate while it folds an element into it (an async reducer, or a
  /// loan); the result comes back before the machine handles another event.
  case folding
}

extension ThrottlePhase {
  /// The end of the window that spaces emissions, if one is open.
  @inlinable
  var openWindowEnd: ThrottleWindowEnd<Instant>? {
    switch self {
    case .window(let end, _, _): .at(end)
    case .endlessWindow: .never
    case .awaitingStart(let openUntil, _): openUntil
    case .idle, .foldingLeading, .windowEndedWhileFolding, .ended: nil
    }
  }

  /// The instant the open window ends at, if one is open and ends. Matched directly rather than
  /// through `openWindowEnd`: every element asks.
  @inlinable @inline(__always)
  var windowEnd: Instant? {
    switch self {
    case .window(let end, _, _): end
    case .awaitingStart(.at(let end)?, _): end
    default: nil
    }
  }

  /// The candidate's value, if it has one the machine holds.
  @inlinable
  var candidateValue: Output? {
    switch self {
    case .window(_, .value(let value), _): value
    case .endlessWindow(.value(let value)): value
    case .awaitingStart(_, let candidate): candidate
    default: nil
    }
  }
}

/// The interval of a trailing-only burst's first element, which opened its window: its own
/// emission's window lasts as long, and the user's closure is called once per element.
@usableFromInline
enum ThrottleOpener<Duration: DurationProtocol>: Sendable {
  case none
  /// That element is still the candidate of the window it opened.
  case candidate(Duration)
  /// A pacer emitted it, and its action's start opens a window this long.
  case starting(Duration)
}
