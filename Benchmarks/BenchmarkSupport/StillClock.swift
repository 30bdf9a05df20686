/// A clock whose `now` stands still: every element arrives at one instant, the case in which
/// outputs must wait without a later one to replace them (the pacing contract's "Delivery to the
/// consumer").
public struct StillClock: Clock {
  public init() {}

  public struct Instant: InstantProtocol {
    var offset = Duration.zero
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  public var now: Instant { Instant() }
  public var minimumResolution: Duration { .zero }
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    await Task.yield()
  }
}
