extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Fails once the upstream takes longer than `interval` to produce an element after a
  /// `next()`.
  ///
  /// ```swift
  /// do {
  ///   for try await reading in sensor.readings.timeout(
  ///     after: .seconds(5), clock: clock)
  ///   {
  ///     display(reading)
  ///   }
  /// } catch {
  ///   if error.isTimeout { showSensorLost() }
  /// }
  /// ```
  ///
  /// The clock runs from each `next()` until the upstream produces an element, finishes or
  /// throws; for the first element, from the first `next()`. Reaching the deadline, or an
  /// upstream that answers at its very instant, cancels the upstream's iteration and throws
  /// ``TimeoutFailure/timedOut(deadline:)``; the upstream's own error is thrown as
  /// ``TimeoutFailure/failed(_:)``. The upstream is read only when the consumer asks, so every
  /// element passes through and the time the consumer spends in its loop body never counts.
  ///
  /// - Parameters:
  ///   - interval: How long the upstream may take to answer each `next()`; greater than zero.
  ///   - tolerance: Passed to the clock's `sleep`; it never changes what is emitted.
  ///   - clock: The clock the time runs on, such as a `TestClock` in tests.
  @inlinable
  public func timeout<C: Clock>(
    after interval: C.Duration, tolerance: C.Duration? = nil, clock: C
  ) -> some Sendable & AsyncSequence<Element, TimeoutFailure<C.Instant, Failure>> {
    timedOut(
      PacedUpstream(self, clock: clock, tolerance: tolerance, api: "timeout(after:clock:)"),
      after: interval, function: "timeout(after:)")
  }

  /// Fails once the upstream takes longer than `interval` on the continuous clock to produce
  /// an element after a `next()`.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// runs on that clock instead, from this call on (``PacingDefaults/clock``). Pass
  /// `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// for try await message in socket.messages.timeout(after: .seconds(30)) {
  ///   handle(message)
  /// }
  /// ```
  ///
  /// See `timeout(after:tolerance:clock:)`.
  @inlinable
  public func timeout(
    after interval: Duration, tolerance: Duration? = nil
  ) -> some Sendable & AsyncSequence<Element, TimeoutFailure<ContinuousClock.Instant, Failure>> {
    timedOut(
      PacedUpstream(onDefaultClock: self, tolerance: tolerance), after: interval,
      function: "timeout(after:)")
  }

  /// Times out on a clock stored as `any Clock<Duration>`, as
  /// `timeout(after:tolerance:clock:)` does on a concrete clock.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ContinuousClock()
  /// for try await message in socket.messages.timeout(
  ///   after: .seconds(30), clock: clock)
  /// {
  ///   handle(message)
  /// }
  /// ```
  @_disfavoredOverload
  @inlinable
  public func timeout(
    after interval: Duration, tolerance: Duration? = nil, clock: any Clock<Duration>
  ) -> some Sendable & AsyncSequence<Element, TimeoutFailure<AnyClock<Duration>.Instant, Failure>> {
    timeout(after: interval, tolerance: tolerance, clock: AnyClock.erasing(clock))
  }

  /// Continues with `fallback` once the upstream takes longer than `interval` to produce an
  /// element after a `next()`.
  ///
  /// ```swift
  /// let prices = live.prices.timeout(
  ///   after: .seconds(2), clock: clock, continuingWith: cache.prices)
  /// for try await price in prices { show(price) }
  /// ```
  ///
  /// The time runs as for `timeout(after:tolerance:clock:)`; when
  /// it runs out, the upstream's iteration is cancelled and the same `next()` goes on with
  /// `fallback`, which has no time limit, to the end. The upstream's errors are thrown as they
  /// are: the fallback shares the upstream's `Failure`.
  ///
  /// - Parameters:
  ///   - interval: How long the upstream may take to answer each `next()`; greater than zero.
  ///   - tolerance: Passed to the clock's `sleep`.
  ///   - clock: The clock the time runs on.
  ///   - fallback: What the sequence continues with once the time ran out.
  @inlinable
  public func timeout<C: Clock, Fallback: AsyncSequence & Sendable>(
    after interval: C.Duration, tolerance: C.Duration? = nil, clock: C,
    continuingWith fallback: Fallback
  ) -> some Sendable & AsyncSequence<Element, Failure>
  where Element == Fallback.Element, Failure == Fallback.Failure {
    TimeoutFallbackSequence(
      timed: timedOut(
        PacedUpstream(
          self, clock: clock, tolerance: tolerance, api: "timeout(after:clock:continuingWith:)"),
        after: interval, function: "timeout(after:continuingWith:)"),
      fallback: fallback)
  }

  /// Continues with `fallback` once the upstream takes longer than `interval` on the
  /// continuous clock (or, inside a test clock's scope, that clock) to answer.
  ///
  /// ```swift
  /// for try await price in live.prices.timeout(
  ///   after: .seconds(2), continuingWith: cached)
  /// {
  ///   show(price)
  /// }
  /// ```
  @inlinable
  public func timeout<Fallback: AsyncSequence & Sendable>(
    after interval: Duration, tolerance: Duration? = nil, continuingWith fallback: Fallback
  ) -> some Sendable & AsyncSequence<Element, Failure>
  where Element == Fallback.Element, Failure == Fallback.Failure {
    TimeoutFallbackSequence(
      timed: timedOut(
        PacedUpstream(onDefaultClock: self, tolerance: tolerance), after: interval,
        function: "timeout(after:continuingWith:)"),
      fallback: fallback)
  }

  @inlinable
  func timedOut<C: Clock>(
    _ upstream: PacedUpstream<Self, C>, after interval: C.Duration, function: StaticString
  ) -> TimeoutSequence<Self, C> {
    checkArgument(
      interval > .zero, "\(function): `interval` must be greater than zero (got \(interval))")
    return TimeoutSequence(upstream, interval: interval)
  }
}
