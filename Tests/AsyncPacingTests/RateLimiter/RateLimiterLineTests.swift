import Testing

@testable import AsyncPacing

/// The limiter's line alone, stepped by hand where a test clock cannot go: a leader woken late,
/// and a request whose last token lies past the grid's count.
@Suite struct RateLimiterLineTests {
  typealias Instant = ElapsedInstant<Duration>
  typealias Line = RateLimiterLine<Instant>

  static func at(_ milliseconds: Int) -> Instant { Instant(.milliseconds(milliseconds)) }

  /// One token a second, burst 1: a leader woken at 2.5 s, late for its token of 1 s, takes it
  /// at 1 s; the next in line takes the token of 2 s; the third leads, for the token of 3 s.
  @Test func aLeaderWokenLateLetsGoThoseWhoseTokensCame() {
    let bucket = TokenBucket(permits: 1, per: .seconds(1), burst: 1, origin: Self.at(0))
    var line = Line(bucket: bucket, maxWaiting: nil)
    let first = line.request(1, at: Self.at(0))
    #expect(first == .granted)
    guard case .leads(let leader, let tokensAt) = line.request(1, at: Self.at(0)),
      case .waits(let second) = line.request(1, at: Self.at(0)),
      case .waits(let third) = line.request(1, at: Self.at(0))
    else {
      Issue.record("the line did not form")
      return
    }
    #expect(tokensAt == Self.at(1_000))
    let advance = line.leaderWoke(leader, at: Self.at(2_500))
    #expect(advance.granted == [second])
    #expect(advance.leader?.ticket == third)
    #expect(advance.leader?.tokensAt == Self.at(3_000))
  }

  /// The last token a request needs lies past token `Int.max`: after that one the bucket stays
  /// full, so the request is served when it arrives, at 60 s, not never.
  @Test func aRequestPastTheGridsCountIsServedAtItsLastToken() {
    let origin = Instant(.zero)
    let bucket = TokenBucket(permits: .max, per: .seconds(60), burst: 3, origin: origin)
    var line = Line(bucket: bucket, maxWaiting: nil)
    let late = Instant(.seconds(60) - .init(attoseconds: 6))
    let first = line.request(3, at: late)
    #expect(first == .granted)
    guard case .leads(let leader, let tokensAt) = line.request(3, at: late) else {
      Issue.record("the request did not lead")
      return
    }
    #expect(tokensAt == Instant(.seconds(60)))
    let advance = line.leaderWoke(leader, at: Instant(.seconds(60)))
    #expect(advance == .init())
    let full = line.tryTake(3, at: Instant(.seconds(61)))
    #expect(full)
  }
}
