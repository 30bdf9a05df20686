import Testing

@testable import AsyncPacing

/// The hand-written `Swift.Duration` arithmetic of `ElapsedInstant` agrees with the standard
/// library's, across carries between the halves and across zero.
@Suite struct ElapsedInstantTests {
  private static func duration(_ random: inout SplitMix64) -> Duration {
    let attoseconds = Int64(bitPattern: random.next()) % 1_000_000_000_000_000_000
    let seconds = Int64(bitPattern: random.next()) % 1_000_000
    return .seconds(seconds) + .nanoseconds(attoseconds / 1_000_000_000)
      + Duration(secondsComponent: 0, attosecondsComponent: attoseconds % 1_000_000_000)
  }

  @Test func arithmeticMatchesTheStandardLibrary() {
    var random = SplitMix64(seed: 11)
    for _ in 0..<20_000 {
      let (a, b) = (Self.duration(&random), Self.duration(&random))
      let (x, y) = (ElapsedInstant(a), ElapsedInstant(b))
      #expect((x < y) == (a < b))
      #expect((x == y) == (a == b))
      #expect(x.after(b)?.sinceOrigin == a + b)
    }
  }

  @Test func carriesAcrossTheHalves() {
    let justBelow = Duration(secondsComponent: 18, attosecondsComponent: 446_744_073_709_551_615)
    let sum = ElapsedInstant(justBelow).after(
      Duration(secondsComponent: 0, attosecondsComponent: 1))
    #expect(sum?.sinceOrigin == justBelow + Duration(secondsComponent: 0, attosecondsComponent: 1))
    #expect(ElapsedInstant(Duration.seconds(-1)) < ElapsedInstant(Duration.zero))
    #expect(
      ElapsedInstant(Duration.seconds(-1)).after(.seconds(2))?.sinceOrigin == .seconds(1))
  }

  /// A deadline past the last `Duration` is "never", not a wrapped instant in the past.
  @Test func aDeadlinePastTheLastDurationIsNever() {
    let last = Duration(attoseconds: .max)
    #expect(ElapsedInstant(Duration.zero).after(last)?.sinceOrigin == last)
    #expect(ElapsedInstant(Duration.nanoseconds(1)).after(last) == nil)
    #expect(ElapsedInstant(last).after(.zero)?.sinceOrigin == last)
    #expect(ElapsedInstant(Duration.seconds(Int64.max)).after(.seconds(Int64.max)) != nil)
  }
}
