/// A tick sequence's iteration once started: its place on the grid, and the clock it sleeps on.
///
/// It needs no machine and no shell (<doc:PacingContract>, "Ticks"): it has no upstream, holds
/// nothing between two `next()` calls but its place on the grid, and sleeps in the consumer's
/// own task.
@usableFromInline
struct TickTimer<C: Clock>: Sendable {
  @usableFromInline typealias Instant = ElapsedInstant<C.Duration>

  /// Where the time is read and slept on, counted from the first `next()`.
  @usableFromInline let timebase: InTaskTimebase<C>
  /// The instant of `C` read at the first `next()`, for a form without `clock:` in a host's
  /// scope: its ticks are the host's offsets from it.
  @usableFromInline let standInStart: C.Instant?
  /// The last tick returned (at first, the start) and the next one.
  @usableFromInline var grid: FixedPeriodGrid<Instant>

  @inlinable
  init(_ sequence: AsyncTickSequence<C>) {
    timebase = InTaskTimebase(
      clock: sequence.clock, standIn: sequence.standIn, tolerance: sequence.tolerance)
    standInStart = sequence.standIn == nil ? nil : sequence.clock.now
    grid = FixedPeriodGrid(interval: sequence.interval, origin: Instant(.zero))
  }

  /// The tick `elapsed` after the start, as an instant of `C`, or `nil` for one that `C`'s
  /// instant cannot hold.
  ///
  /// On the clock's own time a due tick is never later than the clock's `now`, so it can be
  /// held. A host's time can run to the longest duration, which added to a real start would
  /// trap; no real start is further from its clock's zero than half that range (about 2.7
  /// trillion years), so a tick further from its start than that half is past counting.
  @inlinable
  func instant(_ elapsed: Instant) -> C.Instant? {
    guard let start = standInStart else {
      return timebase.own.origin.advanced(by: elapsed.sinceOrigin)
    }
    let reach = unsafeBitCast(Swift.Duration(attoseconds: Int128.max / 2), to: C.Duration.self)
    guard elapsed.sinceOrigin <= reach else { return nil }
    return start.advanced(by: elapsed.sinceOrigin)
  }

  /// The latest tick due, at once, or the next when it falls due; `nil` once cancelled.
  ///
  /// A tick past what the clock can count, or one the clock never brings closer
  /// (<doc:PacingContract>, "Clocks that misbehave"), never comes: `next()` then waits for its
  /// task's cancellation.
  @inlinable
  mutating func next() async -> C.Instant? {
    while !Task.isCancelled {
      let returned = grid.lastTick
      let following = grid.tick(after: timebase.now)
      if returned < grid.lastTick {
        guard let tick = instant(grid.lastTick) else { break }
        return tick
      }
      guard await timebase.sleep(until: following) else { return nil }
    }
    await InTaskTimebase<C>.waitForCancellation()
    return nil
  }
}
