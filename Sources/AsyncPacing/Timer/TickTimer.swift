/// A tick sequence's iteration once started: its place on the grid, and the clock it sleeps on.
///
/// It needs no machine and no shell (<doc:PacingContract>, "Ticks"): it has no upstream, holds
/// nothing between two `next()` calls but its place on the grid, and sleeps in the consumer's
/// own task.
@usableFromInline
struct TickTimer<C: Clock>: Sendable {
  @usableFromInline typealias Instant = ElapsedInstant<C.Duration>

  /// Where the time is read and slept on, counted from the first `next()`.
  @usableFromInline
  enum Timebase: Sendable {
    case own(PacingTimebase<C>)
    /// A form without `clock:` in a host's scope: the host's time, shown as offsets from the
    /// instant of `C` read at the first `next()`.
    case standIn(PacingTimebase<StandInClock<C.Duration>>, start: C.Instant)
  }

  @usableFromInline let timebase: Timebase
  /// The last tick returned (at first, the start) and the next one.
  @usableFromInline var grid: FixedPeriodGrid<Instant>

  @inlinable
  init(_ sequence: AsyncTickSequence<C>) {
    if let standIn = sequence.standIn {
      timebase = .standIn(
        PacingTimebase(clock: standIn, tolerance: sequence.tolerance), start: sequence.clock.now)
    } else {
      timebase = .own(PacingTimebase(clock: sequence.clock, tolerance: sequence.tolerance))
    }
    grid = FixedPeriodGrid(interval: sequence.interval, origin: Instant(.zero))
  }

  @inlinable
  var now: Instant {
    switch timebase {
    case .own(let own): own.now
    case .standIn(let host, _): host.now
    }
  }

  /// The tick `elapsed` after the start, as an instant of `C`.
  @inlinable
  func instant(_ elapsed: Instant) -> C.Instant {
    switch timebase {
    case .own(let own): own.origin.advanced(by: elapsed.sinceOrigin)
    case .standIn(_, let start): start.advanced(by: elapsed.sinceOrigin)
    }
  }

  /// The latest tick due, at once, or the next when it falls due; `nil` once cancelled.
  @inlinable
  mutating func next() async -> C.Instant? {
    while !Task.isCancelled {
      let returned = grid.lastTick
      let following = grid.tick(after: now)
      if returned < grid.lastTick { return instant(grid.lastTick) }
      guard let following else {
        // A tick past what the clock can count never comes.
        await Self.waitForCancellation()
        return nil
      }
      guard await sleep(until: following) else { return nil }
    }
    return nil
  }

  /// Sleeps toward `deadline` (a chunk at a time for a far one); false if cancelled.
  @inlinable
  func sleep(until deadline: Instant) async -> Bool {
    // A clock whose sleep throws without a cancellation ends the ticks rather than spin.
    switch timebase {
    case .own(let own):
      return await own.sleep(until: deadline, overshoot: .zero) == .slept
    case .standIn(let host, _):
      return await host.sleep(until: deadline, overshoot: .zero) == .slept
    }
  }

  @usableFromInline
  static func waitForCancellation() async {
    let (never, ending) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
      for await _ in never {}
    } onCancel: {
      ending.finish()
    }
  }
}
