// `retry`, spelled as swift-async-algorithms' retry proposal spells it (PR #364 at 6a26577), so
// that code moves between the two unchanged. What this package adds is in the contract's
// "Retry": each form without `clock:` follows an enclosing test clock; a cancelled task throws
// `CancellationError` instead of sleeping or starting another attempt; a far backoff never
// traps.

/// Runs `operation` up to `maxAttempts` times, asking `strategy` after each failure but the
/// last whether to wait and try again.
///
/// ```swift
/// let page = try await retry(maxAttempts: 5, clock: clock) {
///   try await api.fetchPage()
/// } strategy: { error in
///   error is TransientError ? .backoff(.seconds(1)) : .stop
/// }
/// ```
///
/// The first attempt always runs. After a failed attempt that is not the last, `strategy` is
/// asked; `.stop` rethrows the error. Then, if the task is cancelled, `retry` throws
/// `CancellationError` without sleeping or trying again (a zero backoff included); a
/// cancellation during the backoff ends it at once, with `CancellationError`.
///
/// - Parameters:
///   - maxAttempts: How many times `operation` may run; at least 1.
///   - tolerance: Passed to the clock's `sleep`.
///   - clock: The clock the backoffs are slept on, such as a `TestClock` in tests.
///   - operation: The work to try.
///   - strategy: What to do after a failed attempt; by default, try again at once.
/// - Returns: What the first attempt that succeeds returns.
/// - Throws: The last attempt's error, the error `strategy` stopped on, `CancellationError`,
///   or what the clock's sleep throws.
@inlinable
nonisolated(nonsending) public func retry<Result, ErrorType, DurationType>(
  maxAttempts: Int,
  tolerance: DurationType? = nil,
  clock: any Clock<DurationType>,
  operation: () async throws(ErrorType) -> Result,
  strategy: (ErrorType) -> RetryAction<DurationType> = { _ in .backoff(.zero) }
) async throws -> Result where ErrorType: Error, DurationType: DurationProtocol {
  checkArgument(
    maxAttempts > 0, "retry(maxAttempts:…): `maxAttempts` must be at least 1 (got \(maxAttempts))")
  noteRealClockChoice(of: clock, by: "retry(maxAttempts:clock:…)")
  return try await retryAttempts(
    maxAttempts: maxAttempts, tolerance: tolerance, clock: clock, operation: operation,
    strategy: strategy)
}

/// Runs `operation` up to `maxAttempts` times on the continuous clock, or on the test clock
/// whose scope encloses the call, asking `strategy` after each failure but the last.
///
/// ```swift
/// let page = try await retry(maxAttempts: 5) {
///   try await api.fetchPage()
/// } strategy: { error in
///   error is TransientError ? .backoff(.seconds(1)) : .stop
/// }
/// ```
///
/// - Parameters:
///   - maxAttempts: How many times `operation` may run; at least 1.
///   - tolerance: Passed to the clock's `sleep`.
///   - operation: The work to try.
///   - strategy: What to do after a failed attempt; by default, try again at once.
@inlinable
nonisolated(nonsending) public func retry<Result, ErrorType>(
  maxAttempts: Int,
  tolerance: ContinuousClock.Duration? = nil,
  operation: () async throws(ErrorType) -> Result,
  strategy: (ErrorType) -> RetryAction<ContinuousClock.Duration> = { _ in .backoff(.zero) }
) async throws -> Result where ErrorType: Error {
  checkArgument(
    maxAttempts > 0, "retry(maxAttempts:…): `maxAttempts` must be at least 1 (got \(maxAttempts))")
  return try await retryAttempts(
    maxAttempts: maxAttempts, tolerance: tolerance, clock: retryClockOfScope,
    operation: operation, strategy: strategy)
}

/// The attempts of every `retry`, its arguments checked.
@inlinable
nonisolated(nonsending) func retryAttempts<Result, ErrorType, DurationType>(
  maxAttempts: Int,
  tolerance: DurationType?,
  clock: any Clock<DurationType>,
  operation: () async throws(ErrorType) -> Result,
  strategy: (ErrorType) -> RetryAction<DurationType>
) async throws -> Result where ErrorType: Error, DurationType: DurationProtocol {
  for _ in 1..<maxAttempts {
    do {
      return try await operation()
    } catch {
      switch strategy(error).action {
      case .stop:
        throw error
      case .backoff(let delay):
        try Task.checkCancellation()
        try await sleepForBackoff(delay, tolerance: tolerance, onAny: clock)
        try Task.checkCancellation()
      }
    }
  }
  return try await operation()
}
