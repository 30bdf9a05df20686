/// The clock a form without `clock:` runs on inside a host's scope (``PacingDefaults/clock``):
/// the host, seen with the form's duration type `D`.
///
/// The forms without `clock:` measure `Swift.Duration`, so `D` is always `Swift.Duration`:
/// only `init(_:)`, where it is, makes one. `D` stays generic so that an operator generic over
/// its clock `C` can name the shell it opens on a stand-in, `SequenceShell<Base, Machine,
/// StandInClock<C.Duration>>`, whose machine measures `C.Duration` as the one on `C` does.
@usableFromInline
struct StandInClock<D: DurationProtocol>: Clock, PacingHost {
  @usableFromInline
  struct Instant: InstantProtocol {
    let offset: Swift.Duration

    @usableFromInline
    func advanced(by duration: D) -> Instant {
      Instant(offset: offset.saturatingSum(unsafeBitCast(duration, to: Swift.Duration.self)))
    }

    @usableFromInline
    func duration(to other: Instant) -> D {
      unsafeBitCast(other.offset - offset, to: D.self)
    }

    @usableFromInline
    static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  /// The host, erased, its time counted from when the form was made.
  let host: AnyClock<Swift.Duration>

  init(host: AnyClock<Swift.Duration>) {
    self.host = host
  }

  @usableFromInline
  var now: Instant { Instant(offset: host.now.offset) }

  @usableFromInline
  var minimumResolution: D { unsafeBitCast(host.minimumResolution, to: D.self) }

  @usableFromInline
  func sleep(until deadline: Instant, tolerance: D?) async throws {
    try await host.sleep(
      until: AnyClock.Instant(offset: deadline.offset),
      tolerance: tolerance.map { unsafeBitCast($0, to: Swift.Duration.self) })
  }

  @usableFromInline
  var preferredTaskExecutor: (any TaskExecutor)? { host.preferredTaskExecutor }

  @usableFromInline
  var sleepsUntilAnyDeadline: Bool { host.sleepsUntilAnyDeadline }

  @usableFromInline
  func wake(
    at deadline: any InstantProtocol, fromWakeUp: Bool, _ fire: @escaping @Sendable () -> Void
  ) -> PacingWakeUp? {
    guard let deadline = deadline as? Instant else { return nil }
    return host.wake(
      at: AnyClock<Swift.Duration>.Instant(offset: deadline.offset), fromWakeUp: fromWakeUp, fire)
  }

  @usableFromInline
  func internalTaskStarted() { host.internalTaskStarted() }

  @usableFromInline
  func internalTaskEnded() { host.internalTaskEnded() }

  @usableFromInline
  func mainActorWorkJoined() { host.mainActorWorkJoined() }

  @usableFromInline
  func iterationStarted() { host.iterationStarted() }

  @usableFromInline
  func pacerReleasedHoldingValue(_ pacer: String) { host.pacerReleasedHoldingValue(pacer) }
}

extension StandInClock where D == Swift.Duration {
  /// The host bound as ``PacingDefaults/clock`` around this call, if any.
  @usableFromInline
  static var ofScope: Self? {
    PacingDefaults.clock.map { Self(host: AnyClock($0)) }
  }
}
