import AsyncPacingTesting

@testable import AsyncPacing

/// The machines run on ``TestClock`` instants in the tests, which step them by hand; the
/// shells feed them their own ``ElapsedInstant``.
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
  var isEmpty: Bool {
    guard case .none = emissions else { return false }
    return ending == nil
  }

  /// The first emission, if any.
  var first: (output: Output, dueAt: Instant)? {
    switch emissions {
    case .none: nil
    case .one(let output, let dueAt), .two(let output, let dueAt, _, _): (output, dueAt)
    }
  }
}

/// The throttle machines the tests drive, on ``TestClock`` instants.
enum TestThrottleMachine {
  typealias Keeping = FixedThrottleMachine<
    ThrottleKeepsElements<String, String>, TestClock.Instant
  >
  typealias Reducing = FixedThrottleMachine<
    ThrottleAwaitsReducer<String, String>, TestClock.Instant
  >

  /// A throttle of `interval` steps keeping the latest element or the first.
  static func keeping(interval: Int, latest: Bool, edges: PacingEdges) -> Keeping {
    Keeping(
      ThrottleConfiguration(interval: .steps(interval), edges: edges),
      fold: ThrottleKeepsElements(latest: latest))
  }

  /// A throttle of `interval` steps whose folds the shell awaits.
  static func reducing(interval: Int, edges: PacingEdges) -> Reducing {
    Reducing(
      ThrottleConfiguration(interval: .steps(interval), edges: edges),
      fold: ThrottleAwaitsReducer())
  }
}

extension MachineDriver {
  /// Runs a throttle of `interval` steps that folds as the model's `fold` does: it keeps the
  /// latest or the first element itself, and asks the shell for a concatenation.
  static func runThrottle(
    interval: Int, fold: ThrottleModel.Fold, edges: PacingEdges, _ input: [TimedEvent],
    timers: TimerDelivery
  ) -> [TimedEvent] {
    switch fold {
    case .latest, .first:
      var machine = TestThrottleMachine.keeping(
        interval: interval, latest: fold == .latest, edges: edges)
      return run(&machine, input, timers: timers)
    case .concatenate:
      var machine = TestThrottleMachine.reducing(interval: interval, edges: edges)
      return run(&machine, input, timers: timers, asyncFold: fold.function)
    }
  }
}

extension FoldRequest {
  var isNone: Bool { if case .none = self { true } else { false } }
  var isFresh: Bool { if case .fresh = self { true } else { false } }
  var isIntoUntaken: Bool { if case .intoUntaken = self { true } else { false } }
  /// The value the element is folded into, if any.
  var seed: Output? { if case .into(let value) = self { value } else { nil } }
}
