/// Why a ``RateLimiter`` refused a request at once.
///
/// ```swift
/// do {
///   try await limiter.acquire()
/// } catch RateLimiterError.queueFull {
///   return .serviceUnavailable
/// }
/// ```
public enum RateLimiterError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The request would have waited while `maxWaiting` requests already did.
  case queueFull
  /// The request asked for more tokens than the bucket can ever hold (`burst`).
  case exceedsBurst

  /// What went wrong, in words.
  ///
  /// ```swift
  /// print(RateLimiterError.queueFull)
  /// // the limiter's line is full (maxWaiting)
  /// ```
  public var description: String {
    switch self {
    case .queueFull: "the limiter's line is full (maxWaiting)"
    case .exceedsBurst: "the request asks for more tokens than the limiter's burst"
    }
  }
}

extension RateLimiter where C == ContinuousClock {
  /// Creates a limiter on the continuous clock, or on the test clock whose scope encloses it.
  ///
  /// ```swift
  /// let limiter = RateLimiter(permits: 10, per: .seconds(1), burst: 10)
  /// ```
  ///
  /// - Parameters:
  ///   - permits: How many tokens arrive per `interval`; at least 1.
  ///   - interval: The time `permits` tokens take to arrive; greater than zero.
  ///   - burst: The most tokens the bucket holds, and so the largest request; at least 1.
  ///   - maxWaiting: The most requests that may wait at once; `nil` for no limit.
  public convenience init(
    permits: Int, per interval: Duration, burst: Int, maxWaiting: Int? = nil
  ) {
    self.init(
      permits: permits, per: interval, burst: burst, maxWaiting: maxWaiting,
      clock: ContinuousClock(), standIn: .ofScope)
  }
}

extension RateLimiter {
  /// Waits in line with `ticket` until the line lets it go (granted, or first in line), or its
  /// task is cancelled.
  @usableFromInline
  nonisolated(nonsending) func park(_ ticket: Ticket) async throws {
    let wake = try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (waiter: Waiter) in
        let now = timebase.now
        let parked = state.withLock { state -> Result<LeaderWake, any Error>? in
          // The line may have let the ticket go between its request and now.
          if let wake = state.pending.removeValue(forKey: ticket) { return .success(wake) }
          // A cancellation that came before the lock found no waiter to resume: seen here. A
          // ticket that waits behind others moves nobody up when it leaves.
          if Task.isCancelled {
            _ = state.line.leave(ticket, at: now)
            return .failure(CancellationError())
          }
          state.waiters[ticket] = waiter
          return nil
        }
        if let parked { waiter.resume(with: parked) }
      }
    } onCancel: {
      let now = timebase.now
      let waiter = state.withLock { state -> Waiter? in
        // Only a waiter still parked is resumed here: a leader's own sleep sees its cancellation.
        guard let waiter = state.waiters.removeValue(forKey: ticket) else { return nil }
        _ = state.line.leave(ticket, at: now)
        return waiter
      }
      waiter?.resume(throwing: CancellationError())
    }
    if case .leads(let tokensAt) = wake {
      try await lead(ticket, tokensAt: tokensAt)
    }
  }

  /// First in line: sleeps toward the instant its tokens arrive, takes them, and lets go those
  /// behind it who can be served; or, cancelled, leaves and lets them move up.
  @usableFromInline
  nonisolated(nonsending) func lead(_ ticket: Ticket, tokensAt: Instant?) async throws {
    guard await timebase.sleep(until: tokensAt), let tokensAt else {
      let now = timebase.now
      let wakes = state.withLock { state in
        state.line.leave(ticket, at: now).map { state.wakes($0.advance) } ?? []
      }
      resume(wakes)
      throw CancellationError()
    }
    // The sleep saw the instant come; a later reading of a clock that went back does not undo it.
    let now = max(timebase.now, tokensAt)
    let wakes = state.withLock { state in state.wakes(state.line.leaderWoke(ticket, at: now)) }
    resume(wakes)
  }

  @usableFromInline
  func resume(_ wakes: [(Waiter, LeaderWake)]) {
    for (waiter, wake) in wakes { waiter.resume(returning: wake) }
  }
}
