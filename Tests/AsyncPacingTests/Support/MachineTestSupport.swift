@testable import AsyncPacing

/// The machines run on ``TestClock`` instants in the tests, which step them by hand; the
/// engine feeds them its own ``ElapsedInstant``.
extension TestClock.Instant: PacingInstant {}

extension PacingActions {
  /// Nothing emitted and no ending.
  var isEmpty: Bool { first == nil && ending == nil }
}
