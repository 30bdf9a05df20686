@testable import AsyncPacing

/// The machines run on ``TestClock`` instants in the tests, which step them by hand; the
/// engine feeds them its own ``ElapsedInstant``.
extension TestClock.Instant: PacingInstant {
  /// As `ElapsedInstant`'s: `nil` past the last instant a `Duration` offset can represent.
  public func after(_ duration: Duration) -> Self? {
    let (sum, overflow) = offset.attoseconds.addingReportingOverflow(duration.attoseconds)
    return overflow ? nil : Self(offset: Duration(attoseconds: sum))
  }

  public func duration(since earlier: Self) -> Duration {
    offset - earlier.offset
  }
}

extension Duration {
  /// `steps` one-second steps, or, for `Int.max`, the longest `Duration`: a diagram's `max`.
  static func steps(_ steps: Int) -> Duration {
    steps == .max ? Duration(attoseconds: .max) : .seconds(steps)
  }
}

extension PacingActions {
  /// Nothing emitted and no ending.
  var isEmpty: Bool { first == nil && ending == nil }
}

extension ThrottleMachine
where
  Element == String, Output == String, Instant == TestClock.Instant,
  Intervals == FixedInterval<String, Duration>
{
  /// A throttle of `interval` steps that folds as the model's `fold` does: it keeps the latest
  /// or the first element itself, and asks the shell for a concatenation (run it through
  /// ``MachineDriver`` with `asyncFold: fold.function`).
  init(interval: Int, fold: ThrottleModel.Fold, edges: PacingEdges) {
    let configuration = ThrottleConfiguration<Duration>(interval: .steps(interval), edges: edges)
    switch fold {
    case .latest: self.init(configuration, fold: .keeping(latest: true))
    case .first: self.init(configuration, fold: .keeping(latest: false))
    case .concatenate: self.init(configuration, fold: .asynchronous)
    }
  }

  /// A throttle of `interval` steps whose folds the shell awaits.
  init(interval: Int, asyncFoldEdges edges: PacingEdges) {
    self.init(
      ThrottleConfiguration(interval: .steps(interval), edges: edges), fold: .asynchronous)
  }
}
