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
