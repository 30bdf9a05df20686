/// Tells the host whose scope the call runs in, if any, that `api` was made with `clock`, when
/// that is a real clock, which keeps real time there.
@inlinable
func noteRealClockChoice<C: Clock>(of clock: C, by api: @autoclosure () -> String) {
  guard let host = PacingDefaults.clock, let name = realClockType(of: clock) else { return }
  host.realClockChosen(name, by: api())
}

/// The type of `clock` when it is a real clock, directly or wrapped in an ``AnyClock``.
@usableFromInline
func realClockType<C: Clock>(of clock: C) -> String? {
  if C.self == ContinuousClock.self { return "ContinuousClock" }
  if C.self == SuspendingClock.self { return "SuspendingClock" }
  return (clock as? any RealClockNaming)?.realClockName
}

/// A clock that knows whether it stands for a real one: ``AnyClock``.
protocol RealClockNaming {
  var realClockName: String? { get }
}

extension AnyClock: RealClockNaming {}
