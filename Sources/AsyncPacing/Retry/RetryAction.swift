/// What a `retry` does after a failed attempt: wait a while and try again, or stop.
///
/// ```swift
/// try await retry(maxAttempts: 5) {
///   try await api.fetchPage()
/// } strategy: { error in
///   if let error = error as? HTTPError, let wait = error.retryAfter {
///     return .backoff(wait)
///   }
///   return .stop
/// }
/// ```
public struct RetryAction<Duration: DurationProtocol>: Sendable {
  @usableFromInline
  enum Action: Sendable {
    case backoff(Duration)
    case stop
  }

  @usableFromInline let action: Action

  @inlinable
  init(action: Action) {
    self.action = action
  }

  /// Rethrow the attempt's error now.
  ///
  /// ```swift
  /// strategy: { error in
  ///   error is AuthenticationError ? .stop : .backoff(.seconds(1))
  /// }
  /// ```
  @inlinable
  public static var stop: Self { Self(action: .stop) }

  /// Wait `duration`, then try again.
  ///
  /// ```swift
  /// strategy: { _ in .backoff(.milliseconds(500)) }
  /// ```
  @inlinable
  public static func backoff(_ duration: Duration) -> Self { Self(action: .backoff(duration)) }
}

/// Sleeps a retry's backoff on `clock`, in the calling task: at once for none; never trapping on
/// a far one (slept toward a chunk at a time, so in effect until the task is cancelled); ended
/// at once by a cancellation, with `CancellationError`. An error the clock's sleep throws for
/// another reason is thrown, as the proposal's `retry` throws it.
@usableFromInline
func sleepForBackoff<C: Clock>(_ delay: C.Duration, tolerance: C.Duration?, on clock: C)
  async throws
{
  let timebase = InTaskTimebase(clock: clock, standIn: nil, tolerance: tolerance)
  let deadline = ElapsedInstant<C.Duration>(.zero).after(delay)
  guard try await timebase.sleep(until: deadline, throwingClockErrors: true) else {
    throw CancellationError()
  }
}

/// `sleepForBackoff` on a clock known only as `any Clock<D>`.
@usableFromInline
func sleepForBackoff<D: DurationProtocol>(
  _ delay: D, tolerance: D?, onAny clock: any Clock<D>
) async throws {
  try await sleepForBackoff(delay, tolerance: tolerance, on: clock)
}

/// The clock a `retry` without `clock:` sleeps on: the test clock whose scope encloses the
/// call, or the continuous clock.
@usableFromInline
var retryClockOfScope: any Clock<Duration> {
  if let standIn = StandInClock<Duration>.ofScope { return standIn }
  return ContinuousClock()
}
