/// What a pacing machine needs of an instant: order, and a deadline some duration after it.
@usableFromInline
protocol PacingInstant: Comparable, Sendable {
  associatedtype Duration: DurationProtocol
  /// The instant `duration` after this one, or `nil` if it lies beyond the last instant the
  /// duration type can represent: a deadline that never comes (<doc:PacingContract>, "Time
  /// that never comes").
  func after(_ duration: Duration) -> Self?
  /// The time from `earlier` to this instant, which is not before it: always representable.
  func duration(since earlier: Self) -> Duration
}

/// When a period ends: at an instant, or never, for a period whose end lies beyond the last
/// instant there is (a quiet period or a window of the longest duration).
@usableFromInline
enum PeriodEnd<Instant: PacingInstant>: Sendable {
  case at(Instant)
  case never

  /// The end `instant`, or never for `nil` (what `PacingInstant.after(_:)` returns past the
  /// last instant).
  @inlinable @inline(__always)
  init(_ instant: Instant?) {
    if let instant { self = .at(instant) } else { self = .never }
  }

  /// Whether the period is over at `now`: its end is not after `now`.
  @inlinable @inline(__always)
  func isOver(at now: Instant) -> Bool {
    if case .at(let end) = self { end <= now } else { false }
  }
}

/// An instant as the time elapsed since an iteration's origin, which is how the shells feed
/// their machines.
///
/// A clock's own `Instant` may be resilient (`ContinuousClock.Instant` is): generic code can
/// then only copy, compare and store it through value witnesses, even when specialised, which
/// made those calls the largest cost per element. An offset of the clock's `Duration` has a
/// layout the compiler sees (`Swift.Duration` is frozen), and costs one `duration(to:)` per
/// clock reading.
@usableFromInline
struct ElapsedInstant<Duration: DurationProtocol>: PacingInstant, CustomStringConvertible {
  @usableFromInline var sinceOrigin: Duration

  @inlinable
  init(_ sinceOrigin: Duration) {
    self.sinceOrigin = sinceOrigin
  }

  // `Swift.Duration`'s own operators are out-of-line calls even in specialised code, and a
  // machine compares and advances instants several times per element. Its attoseconds as an
  // `Int128` are emitted into the client, so for the standard library's duration (every clock
  // that ships with Swift) the arithmetic is done on them; the type check folds away when the
  // code is specialised.
  //
  // Other duration types offer only `+`, which may trap or wrap past their range: a sum that
  // wrapped below its start is taken as "never"; a trap is the type's own.
  @inlinable
  func after(_ duration: Duration) -> Self? {
    if Duration.self == Swift.Duration.self {
      let (sum, overflow) = Self.attoseconds(sinceOrigin).addingReportingOverflow(
        Self.attoseconds(duration))
      guard !overflow else { return nil }
      return Self(unsafeBitCast(Swift.Duration(attoseconds: sum), to: Duration.self))
    }
    let sum = sinceOrigin + duration
    guard sum >= sinceOrigin || duration < .zero else { return nil }
    return Self(sum)
  }

  @inlinable
  func duration(since earlier: Self) -> Duration {
    sinceOrigin - earlier.sinceOrigin
  }

  @inlinable
  static func < (lhs: Self, rhs: Self) -> Bool {
    if Duration.self == Swift.Duration.self {
      return attoseconds(lhs.sinceOrigin) < attoseconds(rhs.sinceOrigin)
    }
    return lhs.sinceOrigin < rhs.sinceOrigin
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    if Duration.self == Swift.Duration.self {
      return attoseconds(lhs.sinceOrigin) == attoseconds(rhs.sinceOrigin)
    }
    return lhs.sinceOrigin == rhs.sinceOrigin
  }

  /// `duration`, which must be a `Swift.Duration`, in attoseconds.
  @inlinable
  static func attoseconds(_ duration: Duration) -> Int128 {
    unsafeBitCast(duration, to: Swift.Duration.self).attoseconds
  }

  @usableFromInline
  var description: String { "origin + \(sinceOrigin)" }
}

/// The latest instant handed to a machine.
///
/// Threads read the clock before they take the lock, so their readings can reach the machine
/// out of order; clamping each one to the latest keeps the machine's time monotonic.
@usableFromInline
struct MonotonicInstants<Instant: PacingInstant>: Sendable {
  @usableFromInline var latest: Instant?

  @inlinable
  init() {}

  @inlinable
  mutating func clamp(_ instant: Instant) -> Instant {
    guard let latest, instant < latest else {
      latest = instant
      return instant
    }
    return latest
  }
}
