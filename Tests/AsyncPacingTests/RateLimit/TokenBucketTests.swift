import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The token bucket alone: its galloping refill against one token at a time, on intervals that
/// do not divide evenly to the attosecond, long gaps, and a grid that runs out of indices.
@Suite struct TokenBucketTests {
  typealias Bucket = TokenBucket<TestClock.Instant>

  /// One token at a time, as the contract reads.
  static func slowTokens(
    permits: Int, interval: Duration, burst: Int, arrivals: [Duration]
  ) -> [Int] {
    let attoseconds = interval.attoseconds
    func arrival(_ k: Int) -> Int128 {
      let product = attoseconds * Int128(k)
      let quotient = product / Int128(permits)
      return product % Int128(permits) > 0 ? quotient + 1 : quotient
    }
    var tokens = burst
    var next = 1
    var counts: [Int] = []
    for at in arrivals {
      while arrival(next) <= at.attoseconds {
        tokens = min(tokens + 1, burst)
        next += 1
      }
      counts.append(tokens)
      if tokens > 0 { tokens -= 1 }
    }
    return counts
  }

  @Test func theGallopMatchesOneTokenAtATime() {
    var random = SplitMix64(seed: RandomSchedules.seed &+ 53_000)
    for run in 0..<RandomSchedules.count {
      let permits = Int(random.next() % 7) + 1
      let interval = Duration(attoseconds: Int128(random.next() % 1_000_000) + 1)
      let burst = Int(random.next() % 5) + 1
      var at = Duration.zero
      let arrivals = (0..<Int(random.next() % 12) + 1).map { _ in
        at += Duration(attoseconds: Int128(random.next() % 3_000_000))
        return at
      }
      var bucket = Bucket(permits: permits, per: interval, burst: burst, origin: .init())
      let counts = arrivals.map { arrival -> Int in
        bucket.refill(at: .init(offset: arrival))
        let tokens = bucket.tokens
        _ = bucket.take(at: .init(offset: arrival))
        return tokens
      }
      let expected = Self.slowTokens(
        permits: permits, interval: interval, burst: burst, arrivals: arrivals)
      #expect(counts == expected, "run \(run): \(permits) per \(interval), burst \(burst)")
      if counts != expected { return }
    }
  }

  /// `Int.max` permits a second: the grid runs out of indices, and the bucket stays full.
  @Test func aGridPastCountingLeavesTheBucketFull() {
    var bucket = Bucket(permits: .max, per: .seconds(1), burst: 2, origin: .init())
    var taken: [Bool] = [bucket.take(at: .init()), bucket.take(at: .init())]
    for second in 2...5 {
      for _ in 0..<3 { taken.append(bucket.take(at: .init(offset: .seconds(second)))) }
    }
    #expect(taken.allSatisfy { $0 })
  }

  /// A long interval at a high rate: k × interval passes `Int128` long before the arrival
  /// does, and every arrival up to token `Int.max` is still exact to the attosecond.
  @Test func aLongIntervalAtAHighRateKeepsItsGrid() {
    var bucket = Bucket(permits: .max, per: .seconds(60), burst: 2, origin: .init())
    #expect(bucket.arrival(of: .max) == .init(offset: .seconds(60)))
    #expect(
      bucket.arrival(of: .max / 2) == .init(offset: .init(attoseconds: 29_999_999_999_999_999_997)))
    #expect(
      bucket.arrival(of: 12_345_678_901_234_567)
        == .init(offset: .init(attoseconds: 80_311_271_313_161_838)))
    var taken = [bucket.take(at: .init()), bucket.take(at: .init())]
    for _ in 0..<3 { taken.append(bucket.take(at: .init(offset: .seconds(30)))) }
    for _ in 0..<3 { taken.append(bucket.take(at: .init(offset: .seconds(120)))) }
    #expect(taken == [true, true, true, true, false, true, true, true])
  }

  /// Another duration type: token k is `interval × q + interval × r / permits`, so its own `*`
  /// never sees a product larger than the arrival (here `Int64` nanoseconds, 1,000 a second).
  @Test func anotherDurationTypeNeverMultipliesPastTheArrival() {
    typealias Nanoseconds = OtherDurationTests.Ticks
    let bucket = TokenBucket<ElapsedInstant<Nanoseconds>>(
      permits: 1000, per: Nanoseconds(count: 1_000_000_000), burst: 1,
      origin: ElapsedInstant(.zero))
    #expect(
      bucket.arrival(of: 1_000_000_000_000)
        == ElapsedInstant(Nanoseconds(count: 1_000_000_000_000_000_000)))
    #expect(
      bucket.arrival(of: 1_000_000_000_001)
        == ElapsedInstant(Nanoseconds(count: 1_000_000_000_001_000_000)))
  }
}
