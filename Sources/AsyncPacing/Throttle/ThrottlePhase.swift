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
  /// The window ended while the shell folded its candidate: the fold's result is emitted as
  /// soon as it is known, and the next window starts there.
  case windowEndedWhileFolding
  /// A pacer's emitted value waits for its action to start, which opens its window. Values sent
  /// meanwhile (`candidate`) belong to that window; `openUntil` is the end of a window a flush
  /// emitted inside, which still ends as windows do.
  case awaitingStart(openUntil: Instant?, candidate: Output?)
  /// The sequence finished or failed: nothing more happens.
  case ended
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
  var windowEnd: Instant? {
    switch self {
    case .window(let end, _, _): end
    case .awaitingStart(let openUntil, _): openUntil
    case .idle, .foldingLeading, .windowEndedWhileFolding, .ended: nil
    }
  }

  /// The candidate's value, if it has one the machine holds.
  @inlinable
  var candidateValue: Output? {
    switch self {
    case .window(_, .value(let value), _): value
    case .awaitingStart(_, let candidate): candidate
    default: nil
    }
  }
}
