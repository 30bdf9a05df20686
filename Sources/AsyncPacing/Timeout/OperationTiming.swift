/// What an operation's time runs on: the timebase of the clock `T` that times it, and how the
/// instants of the clock `C` the caller named become its offsets. Chosen once, when the call is
/// made: the clock itself, or, for a form without `clock:` inside a host's scope, the host
/// standing in for the continuous clock.
struct OperationTiming<C: Clock, T: Clock>: Sendable where T.Duration == C.Duration {
  let timebase: PacingTimebase<T>
  let instants: DeadlineInstants<C>
}

extension OperationTiming where T == C {
  /// The time of `clock`.
  init(clock: C, tolerance: C.Duration?) {
    timebase = PacingTimebase(clock: clock, tolerance: tolerance)
    instants = .counted(from: timebase.origin)
  }

  /// The time of `clock`, which the caller chose: `api` names the call for the host whose scope
  /// it runs in, if `clock` is a real clock.
  init(clock: C, tolerance: C.Duration?, api: StaticString) {
    noteRealClockChoice(of: clock, by: "\(api)")
    self.init(clock: clock, tolerance: tolerance)
  }
}

extension OperationTiming where C == ContinuousClock, T == StandInClock<Duration> {
  /// The time of `standIn`, which runs a form without `clock:`, from this call on.
  init(standIn: StandInClock<Duration>, tolerance: Duration?) {
    timebase = PacingTimebase(clock: standIn, tolerance: tolerance)
    instants = .standingIn(for: ContinuousClock(), origin: .now)
  }
}

/// How the instants of the clock a timed call names map to its timebase's offsets.
enum DeadlineInstants<C: Clock>: Sendable {
  /// The call's time runs on `C`: an instant's offset is its distance from `origin`, the
  /// timebase's own.
  case counted(from: C.Instant)
  /// The call's time runs on a stand-in for `clock`: an instant of `clock` lies as far ahead
  /// of the stand-in's `now` as it lies ahead of `clock`'s, so that a deadline five seconds
  /// away is five seconds of the stand-in's time away, whenever it is given. An offset is
  /// reported as `origin`, the clock's `now` when the call began, plus the offset.
  case standingIn(for: C, origin: C.Instant)

  /// The offset of `instant`, the timebase being at `now`; `nil` past the last one there is.
  func offset(of instant: C.Instant, now: ElapsedInstant<C.Duration>)
    -> ElapsedInstant<C.Duration>?
  {
    switch self {
    case .counted(let origin): ElapsedInstant(origin.duration(to: instant))
    case .standingIn(let clock, _): now.after(clock.now.duration(to: instant))
    }
  }

  /// The instant an offset stands for.
  func instant(at offset: ElapsedInstant<C.Duration>) -> C.Instant {
    switch self {
    case .counted(let origin), .standingIn(_, let origin):
      origin.advanced(by: offset.sinceOrigin)
    }
  }
}

/// The moves a ``MovableDeadline`` makes, whichever clock its call's time runs on.
protocol DeadlineMoves<MovedClock>: Sendable {
  associatedtype MovedClock: Clock
  var deadlineInForce: MovedClock.Instant? { get }
  func move(to instant: MovedClock.Instant?) -> Bool
  func extend(by duration: MovedClock.Duration) -> Bool
}

/// Runs a timed call of a form without `clock:` on its stand-in, left unoptimized so that no
/// timer is specialised for the stand-in in the app's code (see
/// `PacedUpstream.openIteration(running:on:)`).
@_optimize(none)
func runTimedOnStandIn<Success, Failure: Error>(
  under timer: OperationTimer<ContinuousClock, StandInClock<Duration>>,
  isolation: isolated (any Actor)?,
  _ operation: sending @escaping @isolated(any) () async throws(Failure) -> sending Success
) async throws(TimeoutFailure<ContinuousClock.Instant, Failure>) -> sending Success {
  try await runTimed(under: timer, isolation: isolation, operation)
}
