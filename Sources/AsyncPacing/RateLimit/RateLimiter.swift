/// A token bucket that tasks share, with a line: `acquire()` waits its turn, `tryAcquire()`
/// answers at once.
///
/// ```swift
/// let limiter = RateLimiter(permits: 10, per: .seconds(1), burst: 10)
///
/// func fetch(_ request: Request) async throws -> Response {
///   try await limiter.acquire()
///   return try await client.send(request)
/// }
/// ```
///
/// The bucket is full (`burst` tokens) when the limiter is made, and its tokens arrive on the
/// grid `rateLimited(to:per:burst:clock:)` keeps: token k at
/// ⌈k × interval / permits⌉ after the limiter was made, whatever happens; one that arrives at a
/// full bucket is lost. The line is strict first in, first out: a request waits while anyone
/// waits, whatever its size. Only the first in line sleeps, toward the instant its tokens
/// arrive, in its own task: the limiter starts no task and polls nothing (<doc:PacingContract>,
/// "A rate limiter shared by tasks").
public final class RateLimiter<C: Clock>: Sendable {
  @usableFromInline typealias Instant = ElapsedInstant<C.Duration>
  @usableFromInline typealias Ticket = RateLimiterLine<Instant>.Ticket
  @usableFromInline typealias Waiter = UnsafeContinuation<LeaderWake, any Error>

  /// What a waiting task is woken with.
  @usableFromInline
  enum LeaderWake: Sendable {
    case granted
    case leads(tokensAt: Instant?)
  }

  @usableFromInline
  struct State: Sendable {
    @usableFromInline var line: RateLimiterLine<Instant>
    @usableFromInline var waiters: [Ticket: Waiter] = [:]
    /// What the line let go before its waiter parked: it finds it here when it parks.
    @usableFromInline var pending: [Ticket: LeaderWake] = [:]

    @inlinable
    init(line: RateLimiterLine<Instant>) {
      self.line = line
    }

    /// Takes out the tasks `advance` lets go, to be resumed once the lock is released.
    @inlinable
    mutating func wakes(_ advance: RateLimiterLine<Instant>.Advance) -> [(Waiter, LeaderWake)] {
      var wakes: [(Waiter, LeaderWake)] = []
      func wake(_ ticket: Ticket, with wake: LeaderWake) {
        if let waiter = waiters.removeValue(forKey: ticket) {
          wakes.append((waiter, wake))
        } else {
          pending[ticket] = wake
        }
      }
      for ticket in advance.granted { wake(ticket, with: .granted) }
      if let (ticket, tokensAt) = advance.leader { wake(ticket, with: .leads(tokensAt: tokensAt)) }
      return wakes
    }
  }

  @usableFromInline let burst: Int
  @usableFromInline let state: LockedState<State>
  /// Last: the clock's instant may be resilient, and the fields after it found at run time.
  @usableFromInline let timebase: InTaskTimebase<C>

  /// Creates a limiter of `permits` per `interval` on `clock`, holding at most `burst`.
  ///
  /// ```swift
  /// let limiter = RateLimiter(
  ///   permits: 5, per: .seconds(1), burst: 5, maxWaiting: 100, clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - permits: How many tokens arrive per `interval`; at least 1.
  ///   - interval: The time `permits` tokens take to arrive; greater than zero.
  ///   - burst: The most tokens the bucket holds, and so the largest request; at least 1.
  ///   - maxWaiting: The most requests that may wait at once; another that would wait throws
  ///     ``RateLimiterError/queueFull``. `nil` for no limit; otherwise at least 0.
  ///   - clock: The clock that measures time, such as a `TestClock` in tests.
  public convenience init(
    permits: Int, per interval: C.Duration, burst: Int, maxWaiting: Int? = nil, clock: C
  ) {
    noteRealClockChoice(of: clock, by: "RateLimiter(permits:per:burst:clock:)")
    self.init(
      permits: permits, per: interval, burst: burst, maxWaiting: maxWaiting, clock: clock,
      standIn: nil)
  }

  @usableFromInline
  init(
    permits: Int, per interval: C.Duration, burst: Int, maxWaiting: Int?, clock: C,
    standIn: StandInClock<C.Duration>?
  ) {
    checkArgument(permits >= 1, "RateLimiter: `permits` must be at least 1 (got \(permits))")
    checkArgument(
      interval > .zero, "RateLimiter: `interval` must be greater than zero (got \(interval))")
    checkArgument(burst >= 1, "RateLimiter: `burst` must be at least 1 (got \(burst))")
    if let maxWaiting {
      checkArgument(
        maxWaiting >= 0, "RateLimiter: `maxWaiting` must be at least 0 (got \(maxWaiting))")
    }
    self.burst = burst
    let bucket = TokenBucket(permits: permits, per: interval, burst: burst, origin: Instant(.zero))
    state = LockedState(State(line: RateLimiterLine(bucket: bucket, maxWaiting: maxWaiting)))
    timebase = InTaskTimebase(clock: clock, standIn: standIn, tolerance: nil)
  }

  /// Takes `count` tokens if they are there and nobody waits; never waits.
  ///
  /// ```swift
  /// guard limiter.tryAcquire() else { return .tooManyRequests }
  /// ```
  ///
  /// - Parameter count: How many tokens; at least 1. More than `burst` is always `false`.
  /// - Returns: Whether the tokens were taken.
  @inlinable
  public func tryAcquire(_ count: Int = 1) -> Bool {
    checkArgument(
      count >= 1, "RateLimiter.tryAcquire(_:): `count` must be at least 1 (got \(count))")
    guard count <= burst else { return false }
    let now = timebase.now
    return state.withLock { $0.line.tryTake(count, at: now) }
  }

  /// Waits in line for one token, and takes it.
  ///
  /// ```swift
  /// try await limiter.acquire()
  /// ```
  ///
  /// - Throws: `CancellationError` if the task is cancelled before the token is taken;
  ///   ``RateLimiterError/queueFull`` if it would wait while `maxWaiting` already do.
  @inlinable
  nonisolated(nonsending) public func acquire() async throws {
    try await acquire(1)
  }

  /// Waits in line for `count` tokens, and takes them all at the instant they are there.
  ///
  /// ```swift
  /// try await limiter.acquire(batch.count)
  /// ```
  ///
  /// - Parameter count: How many tokens; at least 1.
  /// - Throws: ``RateLimiterError/exceedsBurst`` at once if `count` is more than `burst`;
  ///   `CancellationError` if the task is cancelled before the tokens are taken;
  ///   ``RateLimiterError/queueFull`` if it would wait while `maxWaiting` already do.
  @inlinable
  nonisolated(nonsending) public func acquire(_ count: Int) async throws {
    checkArgument(count >= 1, "RateLimiter.acquire(_:): `count` must be at least 1 (got \(count))")
    guard count <= burst else { throw RateLimiterError.exceedsBurst }
    try Task.checkCancellation()
    let now = timebase.now
    switch state.withLock({ $0.line.request(count, at: now) }) {
    case .granted: return
    case .queueFull: throw RateLimiterError.queueFull
    case .leads(let ticket, let tokensAt): try await lead(ticket, tokensAt: tokensAt)
    case .waits(let ticket): try await park(ticket)
    }
  }
}
