/// Where a throttle stands: one case per situation, so that no combination the rules exclude
/// can be stored (the reference model's `State`, with what the shells add: folds the shell runs,
/// windows that open when a pacer's action starts, and a finish that waits for a window's end).
///
/// `ShellFold` is `Never` for a throttle that folds elements itself: the cases of a fold in the
/// shell then cannot be made.
@usableFromInline
enum ThrottlePhase<Output: Sendable, Instant: PacingInstant, ShellFold: Sendable>: Sendable {
  @usableFromInline typealias Candidate = ThrottleCandidate<Output, Instant.Duration, ShellFold>

  /// No window is open: the next element is a leading edge (or, trailing only, opens one).
  case idle
  /// The shell folds a leading element asynchronously; its result is emitted when it returns.
  case foldingLeading(ShellFold)
  /// The window `[…, end)` is open and `candidate` is what its end emits. `finishing`: the
  /// upstream finished, and the sequence finishes once the candidate is out.
  case window(end: Instant, candidate: Candidate, finishing: Bool)
  /// A window whose end lies beyond the last instant there is: its candidate waits for a flush
  /// or the finish, which emits it at once. A case of its own, so that an ordinary window's end
  /// stays a bare instant (measured: an enum in its place cost the throttle's per-element path).
  case endlessWindow(candidate: Candidate)
  /// The window ended while the shell folded its candidate, or its end proved unreachable while
  /// the reducer folded into an output taken back: the fold's result is emitted as soon as it is
  /// known, and the next window starts there.
  case windowEndedWhileFolding(ShellFold)
  /// A pacer's emitted value waits for its action to start, which opens its window. Values sent
  /// meanwhile (`candidate`) belong to that window; `openUntil` is the end of a window a flush
  /// emitted inside, which still ends as windows do.
  case awaitingStart(openUntil: PeriodEnd<Instant>?, candidate: Output?)
}

/// What a window's end will emit.
@usableFromInline
enum ThrottleCandidate<Output: Sendable, Duration: DurationProtocol, ShellFold: Sendable>:
  Sendable
{
  case none
  case value(Output)
  /// A trailing-only burst's first element, which opened this window and is still its
  /// candidate: its own emission's window is `interval` long, asked for once already, so that
  /// the user's closure is called once per element.
  case opener(Output, interval: Duration)
  /// A reducing throttle's candidate that continues from an output emitted before, which the
  /// consumer never took: a failure before the window's end emits it rather than drop it
  /// (<doc:PacingContract>, "Delivery to the consumer").
  case accumulated(Output)
  /// The shell holds the candidate while it folds an element into it (an async reducer, or a
  /// loan); the result comes back before the machine handles another event, as `.accumulated`
  /// if `carriesUntaken`.
  case folding(ShellFold, carriesUntaken: Bool)

  /// The candidate a fold's result becomes.
  @inlinable
  static func folded(_ value: Output, carriesUntaken: Bool) -> Self {
    carriesUntaken ? .accumulated(value) : .value(value)
  }

  /// The value, if the machine holds one.
  @inlinable
  var value: Output? {
    switch self {
    case .value(let value), .opener(let value, _), .accumulated(let value): value
    case .none, .folding: nil
    }
  }

  /// The value, if it carries an output the consumer never took.
  @inlinable
  var accumulatedValue: Output? {
    if case .accumulated(let value) = self { value } else { nil }
  }

  /// The interval of the window its emission opens, if it was asked for already.
  @inlinable
  var knownInterval: Duration? {
    if case .opener(_, let interval) = self { interval } else { nil }
  }
}

extension ThrottlePhase {
  /// The end of the window that spaces emissions, if one is open.
  @inlinable
  var openWindowEnd: PeriodEnd<Instant>? {
    switch self {
    case .window(let end, _, _): .at(end)
    case .endlessWindow: .never
    case .awaitingStart(let openUntil, _): openUntil
    case .idle, .foldingLeading, .windowEndedWhileFolding: nil
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

  /// The window's candidate, if a window is open or awaits its start.
  @inlinable
  var candidate: Candidate? {
    switch self {
    case .window(_, let candidate, _), .endlessWindow(let candidate): candidate
    case .awaitingStart(_, let candidate): candidate.map { .value($0) } ?? Candidate.none
    case .idle, .foldingLeading, .windowEndedWhileFolding: nil
    }
  }

  /// The candidate's value, if it has one the machine holds.
  @inlinable
  var candidateValue: Output? {
    switch self {
    case .window(_, let candidate, _), .endlessWindow(let candidate): candidate.value
    case .awaitingStart(_, let candidate): candidate
    case .idle, .foldingLeading, .windowEndedWhileFolding: nil
    }
  }
}
