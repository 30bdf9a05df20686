/// The reducing throttles: a window's elements folded by an async reducer into the value its
/// end emits.
extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits at most one value per `interval`, folding the elements of each window with
  /// `reducing`.
  ///
  /// ```swift
  /// let batches = events.throttle(for: .seconds(1), clock: clock) {
  ///   batch, event in
  ///   (batch ?? []) + [event]
  /// }
  /// ```
  ///
  /// A leading emission is `reducing(nil, first)`; the first element of a window after an
  /// emission starts a fresh fold, `reducing(nil, element)`, unless the loop has not taken that
  /// emission yet: then it continues from it, so a busy loop receives one accumulation of
  /// everything since it last took one, and no element is lost. The reducer runs one element at a
  /// time, in arrival order: the upstream is not read again until it returns. A window that
  /// ends while the reducer runs waits for it and emits its result when it returns; the next
  /// window starts at that emission. With `edges: .leading` the reducer is called only for
  /// elements that are emitted.
  ///
  /// The reducer is `nonisolated(nonsending)`: it runs on the iteration's own task, so a
  /// nonisolated reducer costs no executor switch per element. A reducer isolated to an actor
  /// (`{ @MainActor batch, event in ... }`) still runs on that actor.
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two emissions.
  ///   - clock: The clock that measures the interval.
  ///   - edges: `[.leading, .trailing]` (the default), `.leading` or `.trailing`.
  ///   - reducing: Folds an element into the window's value so far (`nil` for a fresh fold).
  @inlinable
  public func throttle<C: Clock, Reduced: Sendable>(
    for interval: C.Duration, clock: C, edges: PacingEdges = [.leading, .trailing],
    reducing: nonisolated(nonsending) @Sendable @escaping (Reduced?, Element) async -> Reduced
  ) -> AsyncThrottleSequence<Self, C, Reduced> {
    AsyncThrottleSequence(
      PacedUpstream(self, clock: clock, tolerance: nil, api: "throttle(for:clock:reducing:)"),
      configuration: ThrottleConfiguration(interval: interval, edges: edges),
      folding: .asynchronous(reducing))
  }

  /// Emits at most one value per `interval`, measured on the continuous clock, folding the
  /// elements of each window with `reducing`.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// runs on that clock instead, from this call on: its time and its sleeps are the test's
  /// (``PacingDefaults/clock``). Pass `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// for await total in purchases.throttle(
  ///   for: .seconds(5), reducing: { ($0 ?? 0) + $1.amount })
  /// {
  ///   await report(total)
  /// }
  /// ```
  ///
  /// See ``_Concurrency/AsyncSequence/throttle(for:clock:edges:reducing:)->AsyncThrottleSequence<Self,C,Reduced>`` for the rules and options.
  @inlinable
  public func throttle<Reduced: Sendable>(
    for interval: Duration, edges: PacingEdges = [.leading, .trailing],
    reducing: nonisolated(nonsending) @Sendable @escaping (Reduced?, Element) async -> Reduced
  ) -> AsyncThrottleSequence<Self, ContinuousClock, Reduced> {
    AsyncThrottleSequence(
      PacedUpstream(onDefaultClock: self, tolerance: nil),
      configuration: ThrottleConfiguration(interval: interval, edges: edges),
      folding: .asynchronous(reducing))
  }
}
