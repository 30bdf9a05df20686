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

  /// The tick `elapsed` after the start, as an instant of `C`, or `nil` for one that `C`'s
  /// instant cannot hold.
  ///
  /// On the clock's own time a due tick is never later than the clock's `now`, so it can be
  /// held. A host's time can run to the longest duration, which added to a real start would
  /// trap; no real start is further from its clock's zero than half that range (about 2.7
  /// trillion years), so a tick further from its start than that half is past counting.
  @inlinable
  func instant(_ elapsed: Instant) -> C.Instant? {
    switch timebase {
    case .own(let own):
      return own.origin.advanced(by: elapsed.sinceOrigin)
    case .standIn(_, let start):
      let reach = unsafeBitCast(Swift.Duration(attoseconds: Int128.max / 2), to: C.Duration.self)
      guard elapsed.sinceOrigin <= reach else { return nil }
      return start.advanced(by: elapsed.sinceOrigin)
    }
  }

  /// The latest tick due, at once, or the next when it falls due; `nil` once cancelled.
  ///
  /// A clock whose sleeps do not bring the tick closer makes no spin: the progress rules of
  /// every timer here apply (<doc:PacingContract>, "Clocks that misbehave"), and a tick the
  /// clock gives up on never comes.
  @inlinable
  mutating func next() async -> C.Instant? {
    var progress = PacingTimerProgress<Instant>()
    while !Task.isCancelled {
      let now = self.now
      let returned = grid.lastTick
      let following = grid.tick(after: now)
      if returned < grid.lastTick {
        guard let tick = instant(grid.lastTick) else { break }
        return tick
      }
      guard let following else { break }
      progress.sleeps(from: now, asking: askedInstant(toward: following, from: now))
      let end = await sleep(until: following, overshoot: progress.overshoot(resolution: resolution))
      if end == .cancelled { return nil }
      let reading = self.now
      if progress.recordWake(
        at: reading, reading: reading, toward: following, sleepFailed: end == .failed)
      {
        break
      }
    }
    // A tick past what the clock can count, or one the clock never brings closer, never comes.
    await Self.waitForCancellation()
    return nil
  }

  @inlinable
  var resolution: C.Duration {
    switch timebase {
    case .own(let own): own.minimumResolution
    case .standIn(let host, _): host.minimumResolution
    }
  }

  @inlinable
  func askedInstant(toward deadline: Instant, from now: Instant) -> Instant {
    switch timebase {
    case .own(let own): own.askedInstant(toward: deadline, from: now)
    case .standIn(let host, _): host.askedInstant(toward: deadline, from: now)
    }
  }

  /// Sleeps toward `deadline` (a chunk at a time for a far one), past it by `overshoot`.
  @inlinable
  func sleep(until deadline: Instant, overshoot: C.Duration) async -> TickSleepEnd {
    switch timebase {
    case .own(let own):
      return TickSleepEnd(await own.sleep(until: deadline, overshoot: overshoot))
    case .standIn(let host, _):
      return TickSleepEnd(await host.sleep(until: deadline, overshoot: overshoot))
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

/// How a tick's sleep ended, whichever timebase slept.
@usableFromInline
enum TickSleepEnd: Sendable {
  case slept, failed, cancelled

  @inlinable
  init<C: Clock>(_ end: PacingTimebase<C>.SleepEnd) {
    switch end {
    case .slept: self = .slept
    case .failed: self = .failed
    case .cancelled: self = .cancelled
    }
  }
}
