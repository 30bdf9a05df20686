/// What a pacing machine needs of an instant: order, and moving by a duration.
@usableFromInline
protocol PacingInstant: Comparable, Sendable {
  associatedtype Duration: DurationProtocol
  func advanced(by duration: Duration) -> Self
}

/// An instant as the time elapsed since an iteration's origin, which is how the engine feeds
/// its machine.
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

  @inlinable
  func advanced(by duration: Duration) -> Self {
    Self(sinceOrigin + duration)
  }

  @inlinable
  static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.sinceOrigin < rhs.sinceOrigin
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sinceOrigin == rhs.sinceOrigin
  }

  @usableFromInline
  var description: String { "origin + \(sinceOrigin)" }
}
