import Testing

@testable import AsyncPacingTestClock

/// The rule that recovers a real-clock sleep's duration from its deadline, and says when it
/// is in doubt.
@Suite struct RecoveredSleepTests {
  private typealias Doubt = RecoveredSleep.Doubt

  /// On an idle machine the call arrives microseconds after its work began: the roundest
  /// duration there is the request, and no doubt.
  @Test(arguments: [
    // (distance at arrival, held up at most, recovered)
    (Duration.nanoseconds(99_999_990_400), Duration.microseconds(11), Duration.seconds(100)),
    (.nanoseconds(1_999_990_000), .microseconds(11), .seconds(2)),
    (.nanoseconds(2_494_998), .microseconds(4), .microseconds(2_495)),
    (.nanoseconds(1_234), .nanoseconds(5), .nanoseconds(1_234)),
    (.nanoseconds(299_999_700), .microseconds(600), .milliseconds(300)),
    (.seconds(-2), .seconds(1), .zero),
  ])
  func aNarrowWindowIsExact(shortest: Duration, heldUp: Duration, recovered: Duration) {
    #expect(
      RecoveredSleep.recover(shortest: shortest, heldUp: heldUp)
        == RecoveredSleep(duration: recovered, doubt: nil))
  }

  /// A window holding more than one whole millisecond is a doubt, named; the duration taken
  /// is the roundest in the window's top 20 ms.
  @Test(arguments: [
    // 179 ms held up 9.7 ms: 170 ms is the roundest there, 179 ms was asked.
    (Duration.nanoseconds(169_300_000), Duration.microseconds(9_700), Duration.milliseconds(170)),
    // 300 ms held up 37.5 ms by a busy machine: still 300 ms, in doubt.
    (.nanoseconds(262_500_000), .microseconds(37_600), .milliseconds(300)),
    // 250 ms after 60 ms of work in the same job: never more than 20 ms below the window's top.
    (.nanoseconds(249_999_000), .milliseconds(60), .milliseconds(300)),
    // 1 ms held up 9.5 ms: nothing at all is the roundest.
    (.microseconds(-8_500), .microseconds(9_500), .zero),
    (.nanoseconds(800_000), .microseconds(9_500), .milliseconds(10)),
  ])
  func aWideWindowIsInDoubt(shortest: Duration, heldUp: Duration, recovered: Duration) {
    let result = RecoveredSleep.recover(shortest: shortest, heldUp: heldUp)
    #expect(result.duration == recovered)
    #expect(result.doubt == .window(max(shortest, .zero), shortest + heldUp))
  }

  /// Whatever the window, the duration taken lies in it, at most 20 ms below its top, so
  /// never more than 20 ms below the request; and a whole-millisecond request taken wrong is
  /// always in doubt.
  @Test func theDurationTakenIsBoundedAndEveryWrongOneIsInDoubt() {
    var random = SplitMix64(seed: 47)
    for _ in 0..<10_000 {
      let request = Duration.milliseconds(Int64.random(in: 0...2_000, using: &random))
      let heldUp = Duration.nanoseconds(Int64.random(in: 0...80_000_000, using: &random))
      let delay = heldUp * Double.random(in: 0...1, using: &random)
      let result = RecoveredSleep.recover(shortest: request - delay, heldUp: heldUp)
      let top = request - delay + heldUp
      #expect(result.duration >= top - RecoveredSleep.bound)
      #expect(result.duration >= request - RecoveredSleep.bound)
      #expect(result.duration <= max(top, .zero))
      if result.duration != request {
        #expect(result.doubt != nil, "\(request) held up \(heldUp) taken as \(result.duration)")
      }
    }
  }

  /// A call from a job that did not run on the test executor has no bound: always a doubt.
  @Test func noBoundIsAlwaysADoubt() {
    let result = RecoveredSleep.recover(shortest: .nanoseconds(99_999_000), heldUp: nil)
    #expect(result.duration == .milliseconds(100))
    #expect(result.doubt == .unbounded(atLeast: .nanoseconds(99_999_000)))
  }

  /// Past some 292 years nanoseconds do not fit: such a sleep is not rounded.
  @Test func anEndlessSleepIsNotRounded() {
    let result = RecoveredSleep.recover(shortest: .seconds(Int64.max / 2), heldUp: .zero)
    #expect(result.duration == .seconds(Int64.max / 2))
  }
}
