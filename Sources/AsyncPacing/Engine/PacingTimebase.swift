/// How a sleep ended, whichever clock slept: one type for every timebase, so that code
/// sleeping on a clock or on a host's stand-in reads the same ending.
@usableFromInline
enum PacingSleepEnd: Sendable {
  case slept
  /// The clock's sleep threw an error other than the task's cancellation.
  case failed
  case cancelled
}

/// The clock as a machine sees it: instants counted from the shell's origin, and sleeping
/// until one of them, whatever the clock's sleep can take (<doc:PacingContract>, "Time that
/// never comes").
@usableFromInline
struct PacingTimebase<C: Clock>: Sendable {
  @usableFromInline typealias Instant = ElapsedInstant<C.Duration>

  @usableFromInline typealias SleepEnd = PacingSleepEnd

  @usableFromInline let clock: C
  /// The clock instant the machine's time counts from.
  @usableFromInline let origin: C.Instant
  /// What the clock says of itself through the seam, read once here (see ``PacingHostLink``);
  /// `nil` for a clock that is no host, as the real clocks are.
  @usableFromInline let hostLink: PacingHostLink?
  @usableFromInline let tolerance: C.Duration?

  @inlinable
  init(clock: C, tolerance: C.Duration?) {
    self.init(clock: clock, origin: clock.now, tolerance: tolerance)
  }

  /// Time counted from `origin`, read earlier: a pacer's, from when it was made, though its
  /// shell is made at its first `send`.
  @inlinable
  init(clock: C, origin: C.Instant, tolerance: C.Duration?) {
    self.clock = clock
    self.origin = origin
    let hostLink = PacingHostLink.link(hostedBy: clock)
    self.hostLink = hostLink
    let longestSleep = hostLink?.sleepsUntilAnyDeadline == true ? nil : Self.sleepChunk
    // `ContinuousClock` converts a tolerance as it converts a deadline: one longer than a chunk
    // is passed as none.
    if let tolerance, let longestSleep, tolerance > longestSleep {
      self.tolerance = nil
    } else {
      self.tolerance = tolerance
    }
  }

  /// The clock's host, if it is one: who counts the internal tasks, and hears the events.
  @inlinable
  var host: (any PacingHost)? { hostLink?.host }

  /// The host's executor, read with it: where the internal tasks run.
  @inlinable
  var preferredTaskExecutor: (any TaskExecutor)? { hostLink?.preferredTaskExecutor }

  /// The longest one sleep may last, for a clock whose sleep cannot take every deadline;
  /// `nil` for one that can.
  @inlinable
  var longestSleep: C.Duration? {
    hostLink?.sleepsUntilAnyDeadline == true ? nil : Self.sleepChunk
  }

  /// A century, for a clock with the standard `Duration` (`nil` for another, whose range is its
  /// own): `ContinuousClock` and `SuspendingClock` trap on a deadline whose seconds do not
  /// fit an `Int64` (some 292 billion years), so a farther deadline is slept toward a chunk at a
  /// time, and no process lives to see a second chunk. Not longer: measured here, the runtime
  /// never frees a cancelled `Task.sleep` whose deadline lies beyond about 146 years of uptime
  /// (2⁶² ns, where Dispatch's time means "forever"), and a timer's sleep is cancelled whenever
  /// its iteration ends.
  @inlinable
  static var sleepChunk: C.Duration? {
    guard C.Duration.self == Swift.Duration.self else { return nil }
    return unsafeBitCast(Swift.Duration.longestRealSleep, to: C.Duration.self)
  }

  /// The one clock reading an event costs.
  @inlinable
  var now: Instant { Instant(origin.duration(to: clock.now)) }

  @inlinable
  var minimumResolution: C.Duration { clock.minimumResolution }

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
  func sleep(until deadline: Instant, overshoot: C.Duration) async -> SleepEnd {
    do {
      try await sleepThrowing(until: deadline, overshoot: overshoot)
    } catch {
      return Task.isCancelled ? .cancelled : .failed
    }
    return .slept
  }

  /// ``sleep(until:overshoot:)``, throwing what the clock's sleep throws.
  @inlinable
  func sleepThrowing(until deadline: Instant, overshoot: C.Duration) async throws {
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
    try await clock.sleep(until: target, tolerance: tolerance)
  }
}

/// What a clock that is a host (``PacingHost``) says of itself, read once when a timebase is
/// made (a shell's, a timeout's), kept behind one reference: a real clock's shell, which has no
/// host, keeps one word for it rather than the host's existential and its executor's.
@usableFromInline
final class PacingHostLink: Sendable {
  @usableFromInline let host: any PacingHost
  @usableFromInline let preferredTaskExecutor: (any TaskExecutor)?
  @usableFromInline let sleepsUntilAnyDeadline: Bool

  @inlinable
  init(_ host: any PacingHost) {
    self.host = host
    preferredTaskExecutor = host.preferredTaskExecutor
    sleepsUntilAnyDeadline = host.sleepsUntilAnyDeadline
  }

  /// The link of `clock`'s host; `nil` for a clock that is no host, or one that passes on
  /// nothing (an ``AnyClock`` around a real clock), so that work timed by it allocates no link.
  /// Not a failable initializer: a class's allocates its object before it can fail, and
  /// `PacingCounts` counted that allocation on every `withTimeout` and retry on a real clock.
  @inlinable
  static func link<C: Clock>(hostedBy clock: C) -> PacingHostLink? {
    guard let host = clock as? any PacingHost,
      !((host as? any PassingOnNoHost)?.passesOnNoHost ?? false)
    else { return nil }
    return PacingHostLink(host)
  }
}

/// A host that only passes on another clock's host, and may have none to pass on: every
/// requirement then answers its default, as for a clock that is no host.
@usableFromInline
protocol PassingOnNoHost {
  var passesOnNoHost: Bool { get }
}

extension Duration {
  /// The longest sleep AsyncPacing asks of a real clock: a century (see
  /// `PacingTimebase.sleepChunk`, and the timer real clocks share, which sleeps the same way).
  @inlinable
  static var longestRealSleep: Duration { .seconds(3_155_760_000) }
}
