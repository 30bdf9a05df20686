/// The sequence operators on a clock stored as `any Clock<Duration>`.
///
/// Each is disfavoured, so a call with a concrete clock keeps the generic, specialised
/// operator (and, with a `TestClock`, its executor); only an existential clock, which the
/// generic operators cannot take, comes here, wrapped in an ``AnyClock``.
extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Debounces on a clock stored as `any Clock<Duration>`, as
  /// ``_Concurrency/AsyncSequence/debounce(for:tolerance:edges:maxWait:clock:)->AsyncDebounceSequence<Self,C>`` does on a concrete clock.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ContinuousClock()
  /// for await query in queries.debounce(for: .milliseconds(300), clock: clock) {
  ///   await search(query)
  /// }
  /// ```
  @_disfavoredOverload
  @inlinable
  public func debounce(
    for interval: Duration, tolerance: Duration? = nil,
    edges: PacingEdges = .trailing, maxWait: Duration? = nil,
    clock: any Clock<Duration>
  ) -> AsyncDebounceSequence<Self, AnyClock<Duration>> {
    debounce(
      for: interval, tolerance: tolerance, edges: edges, maxWait: maxWait,
      clock: AnyClock.erasing(clock))
  }

  /// Throttles on a clock stored as `any Clock<Duration>`, as
  /// ``_Concurrency/AsyncSequence/throttle(for:clock:latest:edges:)->AsyncThrottleSequence<Self,C,Self.Element>`` does on a concrete clock.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ContinuousClock()
  /// for await offset in scrollOffsets.throttle(
  ///   for: .milliseconds(100), clock: clock)
  /// {
  ///   await prefetch(around: offset)
  /// }
  /// ```
  @_disfavoredOverload
  @inlinable
  public func throttle(
    for interval: Duration, clock: any Clock<Duration>, latest: Bool = true,
    edges: PacingEdges = [.leading, .trailing]
  ) -> AsyncThrottleSequence<Self, AnyClock<Duration>, Element> {
    throttle(for: interval, clock: AnyClock.erasing(clock), latest: latest, edges: edges)
  }

  /// Throttles with a reducer on a clock stored as `any Clock<Duration>`, as
  /// ``_Concurrency/AsyncSequence/throttle(for:clock:edges:reducing:)->AsyncThrottleSequence<Self,C,Reduced>`` does on a concrete clock.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ContinuousClock()
  /// let counts = taps.throttle(for: .seconds(1), clock: clock) {
  ///   (count: Int?, _) in
  ///   (count ?? 0) + 1
  /// }
  /// ```
  @_disfavoredOverload
  @inlinable
  public func throttle<Reduced: Sendable>(
    for interval: Duration, clock: any Clock<Duration>,
    edges: PacingEdges = [.leading, .trailing],
    reducing: nonisolated(nonsending) @Sendable @escaping (Reduced?, Element) async -> Reduced
  ) -> AsyncThrottleSequence<Self, AnyClock<Duration>, Reduced> {
    throttle(for: interval, clock: AnyClock.erasing(clock), edges: edges, reducing: reducing)
  }
}

extension AnyClock where Duration == Swift.Duration {
  /// `clock` itself if it is an `AnyClock` already, otherwise `clock` wrapped in one.
  @inlinable
  static func erasing(_ clock: any Clock<Duration>) -> AnyClock<Duration> {
    (clock as? AnyClock<Duration>) ?? AnyClock(clock)
  }
}
