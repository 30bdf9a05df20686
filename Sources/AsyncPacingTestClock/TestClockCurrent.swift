import AsyncPacing

extension TestClock {
  /// The clock of the test clock's scope the calling code runs in: under the `.testClock` trait,
  /// or inside ``withTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``.
  /// Read anywhere else in a test, it records a failure at the test and returns a fresh
  /// clock whose sleeps move its time to their deadlines (a millisecond of wall-clock time
  /// each), so that the test runs to its end and the run goes on; outside any test, it stops
  /// the process with a message saying so. A task the process scope took reads its test's
  /// clock here, though a `Task.detached` does not inherit the scope.
  ///
  /// ```swift
  /// @Test(.testClock) func savesAfterASecond() async {
  ///   let clock = TestClock.current
  ///   let save = Debouncer(for: .seconds(1), clock: clock) {}
  ///   save()
  ///   await clock.advance(by: .seconds(1))
  /// }
  /// ```
  ///
  /// The scope binds its clock as AsyncPacing's `PacingDefaults.clock`, which the operators,
  /// pacers and timeouts made without `clock:` run on: the innermost scope's clock, when scopes
  /// nest.
  public static var current: TestClock {
    if let clock = PacingDefaults.clock as? TestClock { return clock }
    // A task the process scope took (a `Task.detached` of the test's) is the test's, though it
    // did not inherit the scope's task-local.
    if let clock = TestExecutor.owningCurrentTask()?.clock { return clock }
    let mistake =
      "TestClock.current is read outside a test clock's scope: add the `.testClock` trait to "
      + "the test or its suite, or read it inside withTestClock. (A `Task.detached` does not "
      + "inherit the scope: read the clock before it and pass it in.)"
    TestReporters.recordMistake(
      mistake, goingOn: " A fresh clock stands in, so that the test runs to its end.")
    return standIn()
  }

  /// A clock for a test that lost its own: its sleeps move its time, so nothing waits on it.
  static func standIn() -> TestClock {
    let clock = TestClock()
    clock.state.withLock { $0.sleepsMoveTime = true }
    return clock
  }
}
