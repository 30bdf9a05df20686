import AsyncPacing

extension TestClock {
  /// The clock of the test clock's scope the calling code runs in: under the `.testClock` trait,
  /// or inside ``withTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``.
  /// Reading it anywhere else stops the process with a message saying so.
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
    guard let clock = PacingDefaults.clock as? TestClock else {
      fatalError(
        "TestClock.current is read outside a test clock's scope: add the `.testClock` trait to "
          + "the test or its suite, or read it inside withTestClock")
    }
    return clock
  }
}
