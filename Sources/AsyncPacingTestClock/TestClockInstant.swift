import AsyncPacing

extension TestClock {
  /// An instant of a ``TestClock``: the time elapsed since the clock was created, the instant
  /// type every virtual clock of AsyncPacing shares.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(2))
  /// #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
  /// ```
  public typealias Instant = VirtualInstant
}
