/// The test clock whose scope the calling code runs in, which the operators and pacers made
/// without a `clock:` follow.
extension TestClock {
  /// Bound by `withTestClock`, the testing library's trait and `withCheckedTestClock` around
  /// the body: the innermost scope's clock wins when they nest.
  @TaskLocal package static var enclosing: TestClock?

  /// The enclosing test clock, read where an operator or pacer is made without a clock.
  @usableFromInline
  static var enclosingForDefaultClock: TestClock? { enclosing }
}

/// A sequence made without a clock, which follows the enclosing test clock (if any) from the
/// operator call on.
@usableFromInline
protocol FollowsTestClock {
  var followedTestClock: TestClock? { get set }
}

extension FollowsTestClock {
  /// This sequence, following the test clock whose scope the call runs in.
  @inlinable
  func followingEnclosingTestClock() -> Self {
    var sequence = self
    sequence.followedTestClock = TestClock.enclosingForDefaultClock
    return sequence
  }
}
