/// An instant of a virtual clock (`TestClock`, ``ImmediateClock``): the time elapsed since the
/// clock started.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(2))
/// #expect(clock.now == VirtualInstant(offset: .seconds(2)))
/// ```
public struct VirtualInstant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
  /// The time since the clock's start (a new clock starts at an offset of `.zero`).
  ///
  /// ```swift
  /// #expect(clock.now.offset == .milliseconds(300))
  /// ```
  public var offset: Duration

  /// Creates the instant that lies `offset` after the clock's start.
  ///
  /// ```swift
  /// await clock.advance(to: TestClock.Instant(offset: .seconds(2)))
  /// ```
  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  /// The instant `duration` later (earlier for a negative duration), or the last (first)
  /// instant an offset can hold when that lies beyond it.
  ///
  /// ```swift
  /// let deadline = clock.now.advanced(by: .seconds(1))
  /// ```
  public func advanced(by duration: Duration) -> VirtualInstant {
    VirtualInstant(offset: offset.saturatingSum(duration))
  }

  /// The time from this instant to `other`, negative when `other` is earlier.
  ///
  /// ```swift
  /// let elapsed = start.duration(to: clock.now)
  /// ```
  public func duration(to other: VirtualInstant) -> Duration {
    other.offset - offset
  }

  /// Whether `lhs` comes before `rhs`.
  ///
  /// ```swift
  /// #expect(start < clock.now)
  /// ```
  public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool {
    lhs.offset < rhs.offset
  }

  /// The offset from the clock's start in seconds, such as `+1.5s`.
  ///
  /// ```swift
  /// print(TestClock.Instant(offset: .milliseconds(1500)))  // +1.5s
  /// ```
  public var description: String { formatOffset(offset) }
}

/// Formats a duration as signed seconds with no trailing zeros: `+0s`, `+1.5s`, `-0.001s`.
///
/// Works on the attoseconds, which every `Duration` has: `components` traps for offsets beyond
/// `Int64.max` seconds, which `advance(by:)` can reach.
private func formatOffset(_ offset: Duration) -> String {
  let attoseconds = offset.attoseconds
  let perSecond: Int128 = 1_000_000_000_000_000_000
  let wholeSeconds = (attoseconds / perSecond).magnitude
  let fraction = (attoseconds % perSecond).magnitude
  var text = (attoseconds < 0 ? "-" : "+") + String(wholeSeconds)
  if fraction > 0 {
    var digits = String(fraction)
    digits = String(repeating: "0", count: 18 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    text += "." + digits
  }
  return text + "s"
}
