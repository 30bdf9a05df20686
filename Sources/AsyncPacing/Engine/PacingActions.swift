/// How a paced sequence ends: the machine says which, the shell holds the error.
@usableFromInline
enum PacingEnding: Hashable, Sendable {
  case finish
  case failure
}

/// What a pacing machine asks of its shell after one event: up to two emissions, each due at an
/// instant, then exactly one of waking at a deadline, idling, or ending.
///
/// Two emissions are the most one event can cause: a deadline that falls due at the event's
/// instant (handled first, by the half-open rule) and the event's own leading emission.
@usableFromInline
struct PacingActions<Output: Sendable, Instant: PacingInstant>: Sendable {
  @usableFromInline var emissions: PacingEmissions<Output, Instant>
  @usableFromInline var next: PacingNext<Instant>

  @inlinable
  init(_ next: PacingNext<Instant>) {
    self.emissions = .none
    self.next = next
  }

  @inlinable
  mutating func emit(_ output: Output, dueAt instant: Instant) {
    emissions.append(output, dueAt: instant)
  }

  /// The deadline the machine wants next, if it wants one.
  @inlinable
  var wakeAt: Instant? {
    if case .wake(let instant) = next { instant } else { nil }
  }
}

/// What one event emitted: nothing, one output, or two, in order.
@usableFromInline
enum PacingEmissions<Output: Sendable, Instant: PacingInstant>: Sendable {
  case none
  case one(Output, dueAt: Instant)
  case two(Output, dueAt: Instant, then: Output, thenDueAt: Instant)

  @inlinable
  mutating func append(_ output: Output, dueAt instant: Instant) {
    switch self {
    case .none:
      self = .one(output, dueAt: instant)
    case .one(let first, let firstDue):
      self = .two(first, dueAt: firstDue, then: output, thenDueAt: instant)
    case .two:
      preconditionFailure("a pacing event emitted more than two outputs")
    }
  }

  @inlinable
  var isEmpty: Bool {
    if case .none = self { true } else { false }
  }

  @inlinable
  func forEachEmission(_ body: (Output, Instant) throws -> Void) rethrows {
    switch self {
    case .none:
      break
    case .one(let output, let dueAt):
      try body(output, dueAt)
    case .two(let first, let firstDue, let second, let secondDue):
      try body(first, firstDue)
      try body(second, secondDue)
    }
  }
}

/// What the machine needs after an event's emissions.
@usableFromInline
enum PacingNext<Instant: PacingInstant>: Sendable {
  /// The machine's next deadline: the shell reports it with `deadlineReached`.
  case wake(at: Instant)
  /// No deadline until the next event.
  case idle
  /// The sequence ends: the shell feeds the machine no other event.
  case end(PacingEnding)

  /// Waking at `instant`, or idling for none.
  @inlinable @inline(__always)
  static func waking(at instant: Instant?) -> Self {
    if let instant { .wake(at: instant) } else { .idle }
  }
}
