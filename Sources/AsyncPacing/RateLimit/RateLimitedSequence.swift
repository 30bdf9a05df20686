extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Keeps every element and delays each one, as needed, to stay within `permits` per
  /// `interval`, allowing bursts of up to `burst` at once.
  ///
  /// ```swift
  /// // At most 10 requests a second, 5 of them at once.
  /// for try await request in requests.rateLimited(
  ///   to: 10, per: .seconds(1), burst: 5, clock: clock)
  /// {
  ///   try await api.send(request)
  /// }
  /// ```
  ///
  /// A token bucket of `burst` tokens, full at the first `next()`, gets a token every
  /// `interval / permits` on a fixed grid; a token arriving at a full bucket is lost. An
  /// element that finds a token comes out at once; otherwise it waits for the next token. None
  /// is dropped. The upstream is read only while the consumer waits in `next()` and no element
  /// waits for its token, so nothing is buffered. The end and errors pass at once, and
  /// cancelling drops an element that waits.
  ///
  /// - Parameters:
  ///   - permits: How many elements may pass per `interval`; at least 1.
  ///   - interval: The period the permits are counted over; greater than zero.
  ///   - burst: How many elements may pass at once after a quiet stretch; at least 1.
  ///   - clock: The clock the tokens arrive on, such as a `TestClock` in tests.
  @inlinable
  public func rateLimited<C: Clock>(
    to permits: Int, per interval: C.Duration, burst: Int = 1, clock: C
  ) -> some Sendable & AsyncSequence<Element, Failure> {
    rateLimited(
      PacedUpstream(self, clock: clock, tolerance: nil, api: "rateLimited(to:per:burst:clock:)"),
      permits: permits, interval: interval, burst: burst)
  }

  /// Keeps every element and delays each one, as needed, to stay within `permits` per
  /// `interval` on the continuous clock.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// runs on that clock instead, from this call on (``PacingDefaults/clock``). Pass
  /// `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// for try await request in requests.rateLimited(to: 10, per: .seconds(1)) {
  ///   try await api.send(request)
  /// }
  /// ```
  ///
  /// See `rateLimited(to:per:burst:clock:)`.
  @inlinable
  public func rateLimited(
    to permits: Int, per interval: Duration, burst: Int = 1
  ) -> some Sendable & AsyncSequence<Element, Failure> {
    rateLimited(
      PacedUpstream(onDefaultClock: self, tolerance: nil), permits: permits, interval: interval,
      burst: burst)
  }

  /// Rate-limits on a clock stored as `any Clock<Duration>`, as
  /// `rateLimited(to:per:burst:clock:)` does on a concrete clock.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ContinuousClock()
  /// let paced = requests.rateLimited(to: 10, per: .seconds(1), clock: clock)
  /// ```
  @_disfavoredOverload
  @inlinable
  public func rateLimited(
    to permits: Int, per interval: Duration, burst: Int = 1, clock: any Clock<Duration>
  ) -> some Sendable & AsyncSequence<Element, Failure> {
    rateLimited(to: permits, per: interval, burst: burst, clock: AnyClock.erasing(clock))
  }

  @inlinable
  func rateLimited<C: Clock>(
    _ upstream: PacedUpstream<Self, C>, permits: Int, interval: C.Duration, burst: Int
  ) -> PacedSequence<Self, C, RateLimitMachine<Element, ElapsedInstant<C.Duration>>> {
    checkArgument(
      permits >= 1, "rateLimited(to:per:burst:): `permits` must be at least 1 (got \(permits))")
    checkArgument(
      interval > .zero,
      "rateLimited(to:per:burst:): `interval` must be greater than zero (got \(interval))")
    checkArgument(
      burst >= 1, "rateLimited(to:per:burst:): `burst` must be at least 1 (got \(burst))")
    return PacedSequence(
      upstream, machine: RateLimitMachine(permits: permits, per: interval, burst: burst))
  }
}
