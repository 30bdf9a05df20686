/// Runs `operation` up to `maxAttempts` times, waiting the delays of `backoff` between them
/// while `strategy` says the error is worth another attempt.
///
/// ```swift
/// let backoff = Backoff
///   .exponential(factor: 2, initial: .milliseconds(100))
///   .maximum(.seconds(10))
///   .fullJitter()
/// let page = try await retry(maxAttempts: 5, backoff: backoff, clock: clock) {
///   try await api.fetchPage()
/// }
/// ```
///
/// Each call makes one iterator of `backoff`. The rest is as for
/// ``retry(maxAttempts:tolerance:clock:operation:strategy:)``.
///
/// - Parameters:
///   - maxAttempts: How many times `operation` may run; at least 1.
///   - backoff: The delays between attempts.
///   - tolerance: Passed to the clock's `sleep`.
///   - clock: The clock the backoffs are slept on, such as a `TestClock` in tests.
///   - operation: The work to try.
///   - strategy: Whether an error is worth another attempt; by default, every one is.
@inlinable
nonisolated(nonsending) public func retry<Result, ErrorType, DurationType, Strategy>(
  maxAttempts: Int,
  backoff: Strategy,
  tolerance: DurationType? = nil,
  clock: any Clock<DurationType>,
  operation: () async throws(ErrorType) -> Result,
  strategy: (ErrorType) -> Bool = { _ in true }
) async throws -> Result
where ErrorType: Error, DurationType == Strategy.Duration, Strategy: BackoffStrategy {
  var delays = backoff.makeIterator()
  return try await retry(
    maxAttempts: maxAttempts, tolerance: tolerance, clock: clock, operation: operation
  ) { error in
    strategy(error) ? .backoff(delays.nextDuration()) : .stop
  }
}

/// Runs `operation` up to `maxAttempts` times on the continuous clock, or on the test clock
/// whose scope encloses the call, waiting the delays of `backoff` between them.
///
/// ```swift
/// let backoff = Backoff
///   .exponential(factor: 2, initial: .milliseconds(100))
///   .fullJitter()
/// let page = try await retry(maxAttempts: 5, backoff: backoff) {
///   try await api.fetchPage()
/// }
/// ```
///
/// - Parameters:
///   - maxAttempts: How many times `operation` may run; at least 1.
///   - backoff: The delays between attempts.
///   - tolerance: Passed to the clock's `sleep`.
///   - operation: The work to try.
///   - strategy: Whether an error is worth another attempt; by default, every one is.
@inlinable
nonisolated(nonsending) public func retry<Result, ErrorType, Strategy>(
  maxAttempts: Int,
  backoff: Strategy,
  tolerance: ContinuousClock.Duration? = nil,
  operation: () async throws(ErrorType) -> Result,
  strategy: (ErrorType) -> Bool = { _ in true }
) async throws -> Result
where ErrorType: Error, Strategy: BackoffStrategy, Strategy.Duration == Duration {
  try await retry(
    maxAttempts: maxAttempts, backoff: backoff, tolerance: tolerance, clock: retryClockOfScope,
    operation: operation, strategy: strategy)
}

/// Runs `operation` up to `maxAttempts` times, waiting the delays of `backoff` between them,
/// with any randomness in them drawn from `generator`.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let backoff = Backoff
///   .exponential(factor: 2, initial: .seconds(1))
///   .fullJitter()
/// let page = try await retry(
///   maxAttempts: 5, backoff: backoff, using: &generator, clock: clock
/// ) {
///   try await api.fetchPage()
/// }
/// ```
///
/// - Parameters:
///   - maxAttempts: How many times `operation` may run; at least 1.
///   - backoff: The delays between attempts.
///   - generator: Where jitter draws its randomness.
///   - tolerance: Passed to the clock's `sleep`.
///   - clock: The clock the backoffs are slept on, such as a `TestClock` in tests.
///   - operation: The work to try.
///   - strategy: Whether an error is worth another attempt; by default, every one is.
@inlinable
nonisolated(nonsending) public func retry<Result, ErrorType, DurationType, Strategy>(
  maxAttempts: Int,
  backoff: Strategy,
  using generator: inout some RandomNumberGenerator,
  tolerance: DurationType? = nil,
  clock: any Clock<DurationType>,
  operation: () async throws(ErrorType) -> Result,
  strategy: (ErrorType) -> Bool = { _ in true }
) async throws -> Result
where ErrorType: Error, DurationType == Strategy.Duration, Strategy: BackoffStrategy {
  var delays = backoff.makeIterator()
  return try await retry(
    maxAttempts: maxAttempts, tolerance: tolerance, clock: clock, operation: operation
  ) { error in
    strategy(error) ? .backoff(delays.nextDuration(using: &generator)) : .stop
  }
}

/// Runs `operation` up to `maxAttempts` times on the continuous clock, or on the test clock
/// whose scope encloses the call, waiting the delays of `backoff` between them, with any
/// randomness in them drawn from `generator`.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// let backoff = Backoff
///   .exponential(factor: 2, initial: .seconds(1))
///   .fullJitter()
/// let page = try await retry(
///   maxAttempts: 5, backoff: backoff, using: &generator
/// ) {
///   try await api.fetchPage()
/// }
/// ```
///
/// - Parameters:
///   - maxAttempts: How many times `operation` may run; at least 1.
///   - backoff: The delays between attempts.
///   - generator: Where jitter draws its randomness.
///   - tolerance: Passed to the clock's `sleep`.
///   - operation: The work to try.
///   - strategy: Whether an error is worth another attempt; by default, every one is.
@inlinable
nonisolated(nonsending) public func retry<Result, ErrorType, Strategy>(
  maxAttempts: Int,
  backoff: Strategy,
  using generator: inout some RandomNumberGenerator,
  tolerance: ContinuousClock.Duration? = nil,
  operation: () async throws(ErrorType) -> Result,
  strategy: (ErrorType) -> Bool = { _ in true }
) async throws -> Result
where ErrorType: Error, Strategy: BackoffStrategy, Strategy.Duration == Duration {
  try await retry(
    maxAttempts: maxAttempts, backoff: backoff, using: &generator, tolerance: tolerance,
    clock: retryClockOfScope, operation: operation, strategy: strategy)
}
