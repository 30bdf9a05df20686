/// How a paced sequence ends: the machine says which, the shell holds the error.
@usableFromInline
enum PacingEnding: Hashable, Sendable {
  case finish
  case failure
}

/// What a pacing machine asks its shell to do after one event: emit up to two outputs (each
/// due at an instant), perhaps end, and sleep until `wakeAt` if it is set.
///
/// Two emissions are the most one event can cause: a deadline that falls due at the event's
/// instant (handled first, by the half-open rule) and the event's own leading emission.
@usableFromInline
struct PacingActions<Output: Sendable, Instant: PacingInstant>: Sendable {
  @usableFromInline var first: (output: Output, dueAt: Instant)?
  @usableFromInline var second: (output: Output, dueAt: Instant)?
  @usableFromInline var ending: PacingEnding?
  /// The instant at which the machine next needs `deadlineReached`, or `nil` for none.
  @usableFromInline var wakeAt: Instant?
  /// Set when the machine keeps an element that the shell folds asynchronously: the value to
  /// fold it into, `nil` for a fresh fold. The shell answers with `foldFinished`.
  @usableFromInline var foldRequest: Output??
  /// Set by a `foldFinished` that leaves the folded value with the shell: every element
  /// arriving before this instant would be folded into it, so the shell may fold them itself
  /// (see `CandidateLoan`), and gives the value back before any other event.
  @usableFromInline var lendsCandidateUntil: Instant?

  @inlinable
  init() {}

  @inlinable
  mutating func emit(_ output: Output, dueAt instant: Instant) {
    if first == nil {
      first = (output, instant)
    } else {
      precondition(second == nil, "a pacing event emitted more than two outputs")
      second = (output, instant)
    }
  }

  @inlinable
  func forEachEmission(_ body: (Output, Instant) throws -> Void) rethrows {
    if let first { try body(first.output, first.dueAt) }
    if let second { try body(second.output, second.dueAt) }
  }
}
