import AsyncPacing
import Testing

/// A clock for code that must not touch time: reading `now` or sleeping fails the test (a Swift
/// Testing issue, or an XCTest failure) naming the clock and the line where it was created.
///
/// Hand it to a type whose test should not depend on time at all; a use that sneaks in fails
/// the test instead of passing by luck.
///
/// ```swift
/// @Test func savingDoesNotWait() async throws {
///   let model = DraftModel(
///     clock: UnimplementedClock(name: "DraftModel.clock"))
///   // fails the test if saving reads or sleeps on the clock
///   try await model.save("Hello")
/// }
/// ```
///
/// After each issue it behaves as an `ImmediateClock`: a sleep returns at once and moves `now`
/// to its deadline, so the code under test goes on (an operator's timer does not spin) and
/// later uses are reported too. One use is one issue when called on the clock itself; through
/// generic code or an `AnyClock`, `sleep(for:)` reads `now` and then sleeps, two issues, and
/// wrapping the clock in an `AnyClock` (as an operator does with `any Clock<Duration>`) reads
/// `now` at once.
public struct UnimplementedClock: Clock, PacingHost, Sendable {
  /// An instant of an ``UnimplementedClock``: the time since its start.
  ///
  /// ```swift
  /// let start: UnimplementedClock.Instant = .init()
  /// ```
  public typealias Instant = ImmediateClock.Instant

  /// The name issues give the clock.
  ///
  /// ```swift
  /// #expect(UnimplementedClock(name: "Feed.clock").name == "Feed.clock")
  /// ```
  public let name: String
  /// Where the clock was created: every issue is recorded there.
  let creation: TestSourceLocation
  /// What the clock does after recording an issue.
  let time = ImmediateClock()

  /// Creates a clock that records an issue for every use, called `name`.
  ///
  /// ```swift
  /// let clock = UnimplementedClock(name: "SearchModel.clock")
  /// ```
  public init(
    name: String = "Clock", fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      name: name,
      creation: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates a clock that records an issue for every use, called `name`, at `sourceLocation`.
  ///
  /// ```swift
  /// let clock = UnimplementedClock(
  ///   name: "SearchModel.clock", sourceLocation: #_sourceLocation)
  /// ```
  public init(name: String = "Clock", sourceLocation: SourceLocation) {
    self.init(name: name, creation: TestSourceLocation(sourceLocation))
  }

  init(name: String, creation: TestSourceLocation) {
    self.name = name
    self.creation = creation
  }

  /// Records an issue, then returns the latest deadline slept until, or the start.
  ///
  /// ```swift
  /// // an issue: "Feed.clock": now was read
  /// _ = UnimplementedClock(name: "Feed.clock").now
  /// ```
  public var now: Instant {
    record("now was read")
    return time.now
  }

  /// Zero, without an issue: asking how precise a clock is does not use it.
  ///
  /// ```swift
  /// #expect(UnimplementedClock().minimumResolution == .zero)
  /// ```
  public var minimumResolution: Duration { .zero }

  /// `true`, as for an `ImmediateClock`: an operator sleeps toward any deadline in one sleep, so
  /// a far deadline is one use, not one per century. Asking is no use of the clock.
  ///
  /// ```swift
  /// #expect(UnimplementedClock().sleepsUntilAnyDeadline)
  /// ```
  public var sleepsUntilAnyDeadline: Bool { true }

  /// Records an issue, then sleeps as an `ImmediateClock` does: at once, moving `now`.
  ///
  /// ```swift
  /// try await clock.sleep(until: .init(offset: .seconds(1)))  // an issue
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    record("sleep(until: \(deadline)) was called")
    try await time.sleep(until: deadline)
  }

  /// Records one issue, then sleeps as an `ImmediateClock` does: called on the clock itself,
  /// `sleep(for:)` is one use, not a read of `now` and a sleep.
  ///
  /// ```swift
  /// // one issue
  /// try await UnimplementedClock(name: "Feed.clock").sleep(for: .seconds(1))
  /// ```
  public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
    record("sleep(for: \(duration)) was called")
    try await time.sleep(until: time.now.advanced(by: duration))
  }

  private func record(_ use: String) {
    TestFailureReporting.record(
      "UnimplementedClock \"\(name)\": \(use), but this clock must not be used (it was created "
        + "here)", at: creation)
  }
}

extension Clock where Self == UnimplementedClock {
  /// A clock that records an issue for every use, as
  /// ``UnimplementedClock/init(name:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// let model = DraftModel(clock: .unimplemented("DraftModel.clock"))
  /// ```
  public static func unimplemented(
    _ name: String = "Clock", fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> UnimplementedClock {
    UnimplementedClock(
      name: name,
      creation: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// A clock that records an issue for every use at `sourceLocation`, as
  /// ``UnimplementedClock/init(name:sourceLocation:)``.
  ///
  /// ```swift
  /// let clock: UnimplementedClock = .unimplemented(
  ///   "Feed.clock", sourceLocation: #_sourceLocation)
  /// ```
  public static func unimplemented(_ name: String = "Clock", sourceLocation: SourceLocation)
    -> UnimplementedClock
  {
    UnimplementedClock(name: name, sourceLocation: sourceLocation)
  }
}
