/// Runs `operation`, and cancels it once `limit` has passed on `clock`: the call then throws
/// ``TimeoutFailure/timedOut(deadline:)`` after the operation returned from its cancellation.
///
/// ```swift
/// let profile = try await withTimeout(for: .seconds(5), clock: clock) {
///   try await api.profile()
/// }
/// ```
///
/// The operation runs in a child task, isolated as the closure is (written in a `@MainActor`
/// view model, on the main actor). It has `[start, start + limit)`: one that returns at the
/// deadline's very instant has timed out, and a value it returns, or an error it throws, after
/// the deadline is dropped for the timeout error. An operation that ignores cancellation keeps
/// the call waiting until it returns: no child task outlives its caller. The caller's own
/// cancellation is not a timeout: the operation's outcome is the call's. See
/// <doc:PacingContract#Deadlines-for-an-operation>.
///
/// - Parameters:
///   - limit: How long the operation may run; zero or less cancels it at once.
///   - tolerance: Passed to the clock's `sleep`; it never changes the outcome.
///   - clock: The clock the time runs on, such as a `TestClock` in tests.
///   - isolation: Where the call runs; the caller's actor by default.
///   - operation: The work to time, which should stop when cancelled.
/// - Returns: The operation's value, if it returned in time.
/// - Throws: ``TimeoutFailure/timedOut(deadline:)`` when the time ran out, or the operation's
///   error as ``TimeoutFailure/failed(_:)``.
public func withTimeout<C: Clock, Success, Failure: Error>(
  for limit: C.Duration, tolerance: C.Duration? = nil, clock: C,
  isolation: isolated (any Actor)? = #isolation,
  @_inheritActorContext operation:
    sending @escaping @isolated(any) () async throws(Failure)
    -> sending Success
) async throws(TimeoutFailure<C.Instant, Failure>) -> sending Success {
  let timing = OperationTiming(clock: clock, tolerance: tolerance, api: "withTimeout(for:clock:)")
  return try await runTimed(
    under: OperationTimer(limit: limit, timing: timing), isolation: isolation, operation)
}

/// Runs `operation`, and cancels it once `limit` has passed on the continuous clock.
///
/// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) the
/// time runs on that clock instead (``PacingDefaults/clock``). See
/// `withTimeout(for:tolerance:clock:isolation:operation:)`.
///
/// ```swift
/// let profile = try await withTimeout(for: .seconds(5)) {
///   try await api.profile()
/// }
/// ```
public func withTimeout<Success, Failure: Error>(
  for limit: Duration, tolerance: Duration? = nil,
  isolation: isolated (any Actor)? = #isolation,
  @_inheritActorContext operation:
    sending @escaping @isolated(any) () async throws(Failure)
    -> sending Success
) async throws(TimeoutFailure<ContinuousClock.Instant, Failure>) -> sending Success {
  if let standIn = StandInClock.ofScope {
    let timing = OperationTiming(standIn: standIn, tolerance: tolerance)
    return try await runTimedOnStandIn(
      under: OperationTimer(limit: limit, timing: timing), isolation: isolation, operation)
  }
  let timing = OperationTiming(clock: ContinuousClock(), tolerance: tolerance)
  return try await runTimed(
    under: OperationTimer(limit: limit, timing: timing), isolation: isolation, operation)
}

/// Runs `operation` with a time limit on a clock stored as `any Clock<Duration>`, as
/// `withTimeout(for:tolerance:clock:isolation:operation:)` does on a concrete clock.
///
/// ```swift
/// let clock: any Clock<Duration> = ContinuousClock()
/// let profile = try await withTimeout(for: .seconds(5), clock: clock) {
///   try await api.profile()
/// }
/// ```
@_disfavoredOverload
public func withTimeout<Success, Failure: Error>(
  for limit: Duration, tolerance: Duration? = nil, clock: any Clock<Duration>,
  isolation: isolated (any Actor)? = #isolation,
  @_inheritActorContext operation:
    sending @escaping @isolated(any) () async throws(Failure)
    -> sending Success
) async throws(TimeoutFailure<AnyClock<Duration>.Instant, Failure>) -> sending Success {
  try await withTimeout(
    for: limit, tolerance: tolerance, clock: AnyClock.erasing(clock), isolation: isolation,
    operation: operation)
}

/// Runs `operation`, and cancels it once `clock` reaches `deadline`: the call then throws
/// ``TimeoutFailure/timedOut(deadline:)`` after the operation returned from its cancellation.
///
/// ```swift
/// let deadline = clock.now.advanced(by: .seconds(10))
/// let page = try await withDeadline(deadline, clock: clock) {
///   try await api.page(1)
/// }
/// let next = try await withDeadline(deadline, clock: clock) {
///   try await api.page(2)
/// }
/// ```
///
/// The rules are those of `withTimeout(for:tolerance:clock:isolation:operation:)`, with the
/// deadline given: a deadline already passed cancels the operation at once. A clock stored as
/// `any Clock<Duration>` has no `Instant` type to name: wrap it in ``AnyClock`` and pass an
/// instant of that.
///
/// - Parameters:
///   - deadline: The instant of `clock` at which the operation is cancelled.
///   - tolerance: Passed to the clock's `sleep`; it never changes the outcome.
///   - clock: The clock the deadline is an instant of.
///   - isolation: Where the call runs; the caller's actor by default.
///   - operation: The work to time, which should stop when cancelled.
public func withDeadline<C: Clock, Success, Failure: Error>(
  _ deadline: C.Instant, tolerance: C.Duration? = nil, clock: C,
  isolation: isolated (any Actor)? = #isolation,
  @_inheritActorContext operation:
    sending @escaping @isolated(any) () async throws(Failure)
    -> sending Success
) async throws(TimeoutFailure<C.Instant, Failure>) -> sending Success {
  let timing = OperationTiming(clock: clock, tolerance: tolerance, api: "withDeadline(_:clock:)")
  return try await runTimed(
    under: OperationTimer(deadline: deadline, timing: timing, isMovable: false),
    isolation: isolation, operation)
}

/// Runs `operation`, and cancels it once the continuous clock reaches `deadline`.
///
/// Inside a test clock's scope the time runs on that clock instead (``PacingDefaults/clock``),
/// counted from this call: the deadline stays as far ahead as it was. See
/// ``withDeadline(_:tolerance:clock:isolation:operation:)``.
///
/// ```swift
/// let deadline = ContinuousClock.now + .seconds(10)
/// let page = try await withDeadline(deadline) { try await api.page(1) }
/// ```
public func withDeadline<Success, Failure: Error>(
  _ deadline: ContinuousClock.Instant, tolerance: Duration? = nil,
  isolation: isolated (any Actor)? = #isolation,
  @_inheritActorContext operation:
    sending @escaping @isolated(any) () async throws(Failure)
    -> sending Success
) async throws(TimeoutFailure<ContinuousClock.Instant, Failure>) -> sending Success {
  if let standIn = StandInClock.ofScope {
    let timing = OperationTiming(standIn: standIn, tolerance: tolerance)
    return try await runTimedOnStandIn(
      under: OperationTimer(deadline: deadline, timing: timing, isMovable: false),
      isolation: isolation, operation)
  }
  let timing = OperationTiming(clock: ContinuousClock(), tolerance: tolerance)
  return try await runTimed(
    under: OperationTimer(deadline: deadline, timing: timing, isMovable: false),
    isolation: isolation, operation)
}
