/// The deadline of a ``withMovableDeadline(_:tolerance:clock:isolation:operation:)`` call,
/// which its operation can move while it runs: later, earlier, or away.
///
/// ```swift
/// try await withMovableDeadline(
///   clock.now.advanced(by: .seconds(10)), clock: clock
/// ) { deadline in
///   for try await chunk in download.chunks {
///     save(chunk)
///     deadline.extend(by: .seconds(10))  // progress earns more time
///   }
/// }
/// ```
///
/// Each change returns `false`, changing nothing, once the deadline has been reached (a change at
/// its very instant is too late), the operation has returned, or the caller was cancelled.
public final class MovableDeadline<C: Clock>: Sendable {
  let timer: any DeadlineMoves<C>

  init(_ timer: any DeadlineMoves<C>) {
    self.timer = timer
  }

  /// The deadline in force, an instant of the call's clock; `nil` once the limit was removed,
  /// the operation returned in time, or the caller was cancelled.
  ///
  /// ```swift
  /// if let instant = deadline.instant { log("due by \(instant)") }
  /// ```
  public var instant: C.Instant? {
    timer.deadlineInForce
  }

  /// Sets the deadline to `instant`, later or earlier; one already passed fires at once.
  ///
  /// ```swift
  /// deadline.move(to: clock.now.advanced(by: .seconds(1)))  // hurry up
  /// ```
  @discardableResult
  public func move(to instant: C.Instant) -> Bool {
    timer.move(to: instant)
  }

  /// Moves the deadline in force `duration` later (a negative duration, earlier); `false` if
  /// the limit was removed. An extension past the last instant there is lifts the limit.
  ///
  /// ```swift
  /// deadline.extend(by: .seconds(5))
  /// ```
  @discardableResult
  public func extend(by duration: C.Duration) -> Bool {
    timer.extend(by: duration)
  }

  /// Lifts the time limit: the operation runs until it returns, unless the deadline is set
  /// again.
  ///
  /// ```swift
  /// deadline.remove()  // committed: let it finish
  /// ```
  @discardableResult
  public func remove() -> Bool {
    timer.move(to: nil)
  }
}

/// Runs `operation` with a deadline it can move while it runs, on `clock`: when the deadline
/// in force is reached, the operation is cancelled, and the call throws
/// ``TimeoutFailure/timedOut(deadline:)`` once it returned.
///
/// ```swift
/// let file = try await withMovableDeadline(
///   clock.now.advanced(by: .seconds(10)), clock: clock
/// ) { deadline in
///   try await download(onProgress: { deadline.extend(by: .seconds(10)) })
/// }
/// ```
///
/// The rules are those of ``withDeadline(_:tolerance:clock:isolation:operation:)``; see
/// ``MovableDeadline`` for the moves.
///
/// - Parameters:
///   - deadline: The first deadline, an instant of `clock`.
///   - tolerance: Passed to the clock's `sleep`; it never changes the outcome.
///   - clock: The clock the deadline is an instant of.
///   - isolation: Where the call runs; the caller's actor by default.
///   - operation: The work to time, given its deadline.
public func withMovableDeadline<C: Clock, Success, Failure: Error>(
  _ deadline: C.Instant, tolerance: C.Duration? = nil, clock: C,
  isolation: isolated (any Actor)? = #isolation,
  @_inheritActorContext operation:
    sending @escaping @isolated(any) (MovableDeadline<C>) async throws(Failure) -> sending Success
) async throws(TimeoutFailure<C.Instant, Failure>) -> sending Success {
  let timing = OperationTiming(
    clock: clock, tolerance: tolerance, api: "withMovableDeadline(_:clock:)")
  return try await runMovable(deadline, timing: timing, isolation: isolation, operation)
}

/// Runs `operation` with a deadline it can move while it runs, on the continuous clock (or,
/// inside a test clock's scope, that clock, counted from this call: ``PacingDefaults/clock``).
///
/// ```swift
/// try await withMovableDeadline(.now + .seconds(10)) { deadline in
///   try await sync(onProgress: { deadline.extend(by: .seconds(10)) })
/// }
/// ```
public func withMovableDeadline<Success, Failure: Error>(
  _ deadline: ContinuousClock.Instant, tolerance: Duration? = nil,
  isolation: isolated (any Actor)? = #isolation,
  @_inheritActorContext operation:
    sending @escaping @isolated(any) (MovableDeadline<ContinuousClock>) async throws(Failure)
    -> sending Success
) async throws(TimeoutFailure<ContinuousClock.Instant, Failure>) -> sending Success {
  if let standIn = StandInClock.ofScope {
    let timing = OperationTiming(standIn: standIn, tolerance: tolerance)
    return try await runMovableOnStandIn(deadline, timing: timing, isolation: isolation, operation)
  }
  let timing = OperationTiming(clock: ContinuousClock(), tolerance: tolerance)
  return try await runMovable(deadline, timing: timing, isolation: isolation, operation)
}

private func runMovable<C: Clock, T: Clock, Success, Failure: Error>(
  _ deadline: C.Instant, timing: OperationTiming<C, T>, isolation: isolated (any Actor)?,
  _ operation:
    sending @escaping @isolated(any) (MovableDeadline<C>) async throws(Failure) -> sending Success
) async throws(TimeoutFailure<C.Instant, Failure>) -> sending Success {
  let timer = OperationTimer(deadline: deadline, timing: timing, isMovable: true)
  let handle = MovableDeadline(timer)
  return try await runTimed(under: timer, isolation: isolation) { () async throws(Failure) in
    try await operation(handle)
  }
}

/// `runMovable` on the stand-in of a form without `clock:`, left unoptimized as
/// `runTimedOnStandIn` is.
@_optimize(none)
private func runMovableOnStandIn<Success, Failure: Error>(
  _ deadline: ContinuousClock.Instant,
  timing: OperationTiming<ContinuousClock, StandInClock<Duration>>,
  isolation: isolated (any Actor)?,
  _ operation:
    sending @escaping @isolated(any) (MovableDeadline<ContinuousClock>) async throws(Failure)
    -> sending Success
) async throws(TimeoutFailure<ContinuousClock.Instant, Failure>) -> sending Success {
  try await runMovable(deadline, timing: timing, isolation: isolation, operation)
}
