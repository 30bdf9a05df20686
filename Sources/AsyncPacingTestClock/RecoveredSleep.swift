import AsyncPacing

/// The requested length of a real-clock sleep, recovered from its deadline.
///
/// `Task.sleep(for:)` and `ContinuousClock.sleep(for:)` turn the duration into a deadline from
/// a `now` read just before the call reaches the executor, which receives only the deadline.
/// So the request lies in a window: at least the deadline's distance when the call arrives,
/// at most that plus how long the call may have been held up since `now` was read: the time
/// since the work that made the call began (`TestExecutor.heldUpAtMost(until:)`; measured
/// here: a call held up 20 to 45 ms with both cores busy).
///
/// The duration taken is the roundest in the window's top `bound` (for each unit from 1 s down
/// to 1 ns, the first multiple of it there), so it never lies more than `bound` below the
/// request, and is the request whenever that is the roundest value there. It is taken without
/// doubt when the window holds at most one whole millisecond: an idle machine's window is some
/// microseconds wide. Otherwise, or when no bound is known (the call came from a job that did
/// not run on the test executor), the clock warns.
struct RecoveredSleep: Equatable {
  /// How far below the request a recovered duration can lie: B in the contract.
  static let bound = Duration.milliseconds(20)

  /// The duration slept on the timeline.
  var duration: Duration
  /// What the request may have been, `nil` for a sleep recovered with no doubt.
  var doubt: Doubt?

  enum Doubt: Equatable, Sendable {
    /// More than one whole millisecond lies in the window: from, through.
    case window(Duration, Duration)
    /// The call came from a job that did not run on the test executor: at least this.
    case unbounded(atLeast: Duration)
  }

  /// A sleep whose duration arrived as it was asked for: no doubt.
  static func exact(_ duration: Duration) -> RecoveredSleep {
    RecoveredSleep(duration: duration, doubt: nil)
  }

  /// Recovers a sleep whose deadline was `shortest` away when the call arrived, after it may
  /// have been held up for `heldUp` (`nil`: unknown).
  static func recover(shortest: Duration, heldUp: Duration?) -> RecoveredSleep {
    let lowest = max(shortest, .zero)
    guard let heldUp else {
      let duration = roundest(from: lowest, through: lowest + bound) ?? lowest
      return RecoveredSleep(duration: duration, doubt: .unbounded(atLeast: lowest))
    }
    let highest = shortest + max(heldUp, .zero)
    guard highest > .zero else { return RecoveredSleep(duration: .zero, doubt: nil) }
    let duration =
      roundest(from: max(lowest, highest - bound), through: highest)
      ?? max(lowest, highest - bound)
    let wholeMilliseconds =
      milliseconds(highest, roundingUp: false)
      - milliseconds(lowest, roundingUp: true) + 1
    let doubt = wholeMilliseconds > 1 ? Doubt.window(lowest, highest) : nil
    return RecoveredSleep(duration: duration, doubt: doubt)
  }

  /// The first multiple of the largest unit, from 1 s down to 1 ns, that lies in the range;
  /// `nil` past some 292 years, where nanoseconds overflow.
  private static func roundest(from lower: Duration, through upper: Duration) -> Duration? {
    guard let low = nanoseconds(lower), let high = nanoseconds(upper) else { return nil }
    var unit: Int64 = 1_000_000_000
    while unit >= 1 {
      let (roundedUp, overflow) = low.addingReportingOverflow(unit - 1)
      let candidate = roundedUp / unit * unit
      if !overflow && candidate <= high { return .nanoseconds(candidate) }
      unit /= 10
    }
    return lower
  }

  /// Whole milliseconds in `duration`, rounded down or up; saturated where nanoseconds
  /// overflow.
  private static func milliseconds(_ duration: Duration, roundingUp: Bool) -> Int64 {
    guard let nanoseconds = nanoseconds(duration) else { return .max / 2 }
    let whole = nanoseconds / 1_000_000
    return roundingUp && whole * 1_000_000 < nanoseconds ? whole + 1 : whole
  }

  /// Whole nanoseconds in `duration`, `nil` past some 292 years, where they overflow.
  static func nanoseconds(_ duration: Duration) -> Int64? {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return nil }
    let (sum, sumOverflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
    return sumOverflow ? nil : sum
  }
}
