/// The clock as a machine sees it: instants counted from the shell's origin, and sleeping
/// until one of them, whatever the clock's sleep can take (<doc:PacingContract>, "Time that
/// never comes").
@usableFromInline
struct PacingTimebase<C: Clock>: Sendable {
  @usableFromInline typealias Instant = ElapsedInstant<C.Duration>

  /// How a sleep ended.
  @usableFromInline
  enum Wake: Sendable {
    case slept
    /// The clock's sleep threw an error other than the task's cancellation.
    case failed
    case cancelled
  }

  @usableFromInline let clock: C
  /// The clock instant the machine's time counts from.
  @usableFromInline let origin: C.Instant
  /// The test clock an operator made without a clock follows inside a test clock's scope, and
  /// its instant the machine's time counts from (see `TestClock.enclosing`): then its `now`
  /// and its sleeps are the test clock's.
  @usableFromInline let followed: FollowedTestClock?
  @usableFromInline let tolerance: C.Duration?
  /// The longest one sleep may last, for a clock whose sleep cannot take every deadline;
  /// `nil` for one that can.
  @usableFromInline let longestSleep: C.Duration?

  @inlinable
  init(clock: C, tolerance: C.Duration?, following testClock: TestClock? = nil) {
    self.clock = clock
    self.origin = clock.now
    // Only the standard `Duration` can be measured on a test clock.
    let followed = C.Duration.self == Swift.Duration.self ? testClock : nil
    self.followed = followed.map(FollowedTestClock.init)
    let longestSleep = clock.sleepsInChunks && followed == nil ? Self.sleepChunk : nil
    self.longestSleep = longestSleep
    // `ContinuousClock` converts a tolerance as it converts a deadline: one longer than a chunk
    // is passed as none.
    if let tolerance, let longestSleep, tolerance > longestSleep {
      self.tolerance = nil
    } else {
      self.tolerance = tolerance
    }
  }

  /// A century: `ContinuousClock` and `SuspendingClock` trap on a deadline whose seconds do not
  /// fit an `Int64` (some 292 billion years), so a farther deadline is slept toward a chunk at a
  /// time, and no process lives to see a second chunk. Not longer: measured here, the runtime
  /// never frees a cancelled `Task.sleep` whose deadline lies beyond about 146 years of uptime
  /// (2⁶² ns, where Dispatch's time means "forever"), and a timer's sleep is cancelled whenever
  /// its iteration ends.
  @inlinable
  static var sleepChunk: C.Duration? {
    guard C.Duration.self == Swift.Duration.self else { return nil }
    return unsafeBitCast(Swift.Duration.seconds(3_155_760_000), to: C.Duration.self)
  }

  /// The one clock reading an event costs.
  @inlinable
  var now: Instant {
    if let followed { return Instant(followed.elapsed(as: C.Duration.self)) }
    return Instant(origin.duration(to: clock.now))
  }

  /// The clock's resolution, or the followed test clock's.
  @inlinable
  var minimumResolution: C.Duration {
    followed == nil ? clock.minimumResolution : unsafeBitCast(Duration.zero, to: C.Duration.self)
  }

  /// The clock that decides where the internal tasks run: the followed test clock, or this
  /// clock when it is one the shell asks.
  @inlinable
  var preferringClock: (any ExecutorPreferringClock)? {
    followed?.clock ?? clock as? any ExecutorPreferringClock
  }

  /// The instant one sleep toward `deadline` asks for, from `now`: the deadline, or a far one's
  /// chunk end (see ``sleep(until:overshoot:)``).
  @inlinable
  func askedInstant(toward deadline: Instant, from now: Instant) -> Instant {
    guard let longestSleep, deadline.sinceOrigin > longestSleep,
      let chunkEnd = Instant(max(now.sinceOrigin, .zero)).after(longestSleep)
    else { return deadline }
    return min(chunkEnd, deadline)
  }

  /// Sleeps toward `deadline`, past it by `overshoot` (see `PacingTimerProgress`), and at most
  /// `longestSleep`.
  @inlinable
  func sleep(until deadline: Instant, overshoot: C.Duration) async -> Wake {
    if let followed {
      do {
        try await followed.sleep(until: deadline.sinceOrigin)
      } catch {
        return Task.isCancelled ? .cancelled : .failed
      }
      return .slept
    }
    var target: C.Instant
    if let longestSleep, deadline.sinceOrigin > longestSleep {
      // Only a deadline a chunk past the origin can be a chunk past now: the others cost no
      // clock reading, and no sum here can leave the clock's range.
      let now = clock.now
      // A clock that went back before the origin counts as at the origin: no overflow.
      let remaining = deadline.sinceOrigin - max(origin.duration(to: now), .zero)
      target =
        remaining > longestSleep
        ? now.advanced(by: longestSleep) : origin.advanced(by: deadline.sinceOrigin)
    } else {
      target = origin.advanced(by: deadline.sinceOrigin)
    }
    if overshoot > .zero {
      // A clock that claims an enormous resolution still gets a sleep it can take.
      target = target.advanced(by: longestSleep.map { min(overshoot, $0) } ?? overshoot)
    }
    do {
      try await clock.sleep(until: target, tolerance: tolerance)
    } catch {
      return Task.isCancelled ? .cancelled : .failed
    }
    return .slept
  }
}

extension Clock {
  /// Whether a far deadline must be slept toward in chunks: for every clock with the standard
  /// library's `Duration` except the package's virtual ones, which take any deadline (chunks
  /// would turn `TestClock.advance` into a walk of billions of steps). Their instants are all
  /// `TestClock.Instant`; an `AnyClock` says what its wrapped clock needs.
  @inlinable
  var sleepsInChunks: Bool {
    guard Duration.self == Swift.Duration.self, Instant.self != TestClock.Instant.self else {
      return false
    }
    return !((self as? any ExecutorPreferringClock)?.sleepsUntilAnyDeadline ?? false)
  }
}

/// The test clock a timebase follows (see `PacingTimebase.followed`): a reference, so that the
/// timebase of a real clock pays one null check per reading, and its code out of line.
@usableFromInline
final class FollowedTestClock: Sendable {
  @usableFromInline let clock: TestClock
  /// The test clock's instant the machine's time counts from.
  let origin: TestClock.Instant

  @usableFromInline
  init(_ clock: TestClock) {
    self.clock = clock
    self.origin = clock.now
  }

  /// The time since the origin, in the followed timebase's duration type, which is the
  /// standard `Duration` (only such a timebase follows a test clock).
  @usableFromInline
  func elapsed<D: DurationProtocol>(as type: D.Type) -> D {
    unsafeBitCast(origin.duration(to: clock.now), to: D.self)
  }

  @usableFromInline
  func sleep<D: DurationProtocol>(until offset: D) async throws {
    try await clock.sleep(until: origin.advanced(by: unsafeBitCast(offset, to: Duration.self)))
  }
}
