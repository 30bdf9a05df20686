/// The instants `origin + k × interval`, k = 1, 2, …, and the last of them at or before the
/// latest instant asked about: sampling's ticks and the timer's.
@usableFromInline
struct FixedPeriodGrid<Instant: PacingInstant>: Sendable {
  @usableFromInline let interval: Instant.Duration
  /// A tick at or before every instant asked about (at first, the origin): the point from which
  /// the next tick is found.
  @usableFromInline var lastTick: Instant

  @inlinable
  init(interval: Instant.Duration, origin: Instant) {
    self.interval = interval
    self.lastTick = origin
  }

  /// The first tick after `now`, or `nil` if it lies beyond the last instant there is. It
  /// moves `lastTick` to the last tick at or before `now` by doubling jumps, so a long idle
  /// stretch costs a few steps, not one per tick, and needs no division, which a generic
  /// duration may not offer exactly.
  @inlinable
  mutating func tick(after now: Instant) -> Instant? {
    guard let next = lastTick.after(interval) else { return nil }
    guard next <= now else { return next }
    // Grow the jump while twice it still lands at or before `now`, measured from `now` back, so
    // that no sum can pass the duration type's range even when the next tick is near its end.
    var jump = interval
    while let once = lastTick.after(jump), once <= now, jump <= now.duration(since: once) {
      jump += jump
    }
    // Then take each halving that still lands at or before `now`: the largest multiple.
    while jump >= interval {
      if let landing = lastTick.after(jump), landing <= now { lastTick = landing }
      guard jump > interval else { break }
      jump = jump / 2
    }
    return lastTick.after(interval)
  }
}
