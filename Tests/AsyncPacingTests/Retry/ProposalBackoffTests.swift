import Testing

@testable import AsyncPacing

/// swift-async-algorithms' own `TestBackoff` (PR #364 at 6a26577), re-expressed: the same
/// strategies, the same seeded generator, the same figures.
@Suite struct ProposalBackoffTests {
  @Test func constantBackoff() {
    var iterator = Backoff.constant(.milliseconds(5)).makeIterator()
    #expect(iterator.nextDuration() == .milliseconds(5))
    #expect(iterator.nextDuration() == .milliseconds(5))
  }

  @Test func linearBackoff() {
    var iterator = Backoff.linear(increment: .milliseconds(2), initial: .milliseconds(1))
      .makeIterator()
    let delays = (0..<4).map { _ in iterator.nextDuration() }
    #expect(delays == [.milliseconds(1), .milliseconds(3), .milliseconds(5), .milliseconds(7)])
  }

  @Test func exponentialBackoff() {
    var iterator = Backoff.exponential(factor: 2, initial: .milliseconds(1)).makeIterator()
    let delays = (0..<4).map { _ in iterator.nextDuration() }
    #expect(delays == [.milliseconds(1), .milliseconds(2), .milliseconds(4), .milliseconds(8)])
  }

  @Test func fullJitter() {
    var generator = SplitMix64(seed: 42)
    var iterator = Backoff.constant(.milliseconds(100)).fullJitter().makeIterator()
    let delays = (0..<4).map { _ in iterator.nextDuration(using: &generator) }
    #expect(
      delays.map(\.attoseconds) == [
        15_991_039_287_692_012, 34_419_071_652_363_758, 86_822_807_654_653_238,
        80_063_187_671_350_344,
      ])
  }

  @Test func equalJitter() {
    var generator = SplitMix64(seed: 42)
    var iterator = Backoff.constant(.milliseconds(100)).equalJitter().makeIterator()
    let delays = (0..<4).map { _ in iterator.nextDuration(using: &generator) }
    #expect(
      delays.map(\.attoseconds) == [
        57_995_519_643_846_006, 67_209_535_826_181_879, 93_411_403_827_326_619,
        90_031_593_835_675_172,
      ])
  }

  @Test func minimum() {
    var iterator = Backoff.exponential(factor: 2, initial: .milliseconds(1))
      .minimum(.milliseconds(2)).makeIterator()
    let delays = (0..<4).map { _ in iterator.nextDuration() }
    #expect(delays == [.milliseconds(2), .milliseconds(2), .milliseconds(4), .milliseconds(8)])
  }

  @Test func maximum() {
    var iterator = Backoff.exponential(factor: 2, initial: .milliseconds(1))
      .maximum(.milliseconds(5)).makeIterator()
    let delays = (0..<4).map { _ in iterator.nextDuration() }
    #expect(delays == [.milliseconds(1), .milliseconds(2), .milliseconds(4), .milliseconds(5)])
  }

  /// Modifiers apply in chain order: the maximum caps the jittered delay.
  @Test func fullJitterAndMaximum() {
    var generator = SplitMix64(seed: 42)
    var iterator = Backoff.constant(.milliseconds(100)).fullJitter().maximum(.milliseconds(50))
      .makeIterator()
    let delays = (0..<4).map { _ in iterator.nextDuration(using: &generator) }
    #expect(
      delays.map(\.attoseconds) == [
        15_991_039_287_692_012, 34_419_071_652_363_758, 50_000_000_000_000_000,
        50_000_000_000_000_000,
      ])
  }

  @Test func equalJitterAndMaximum() {
    var generator = SplitMix64(seed: 42)
    var iterator = Backoff.constant(.milliseconds(100)).equalJitter().maximum(.milliseconds(60))
      .makeIterator()
    let delays = (0..<4).map { _ in iterator.nextDuration(using: &generator) }
    #expect(
      delays.map(\.attoseconds) == [
        57_995_519_643_846_006, 60_000_000_000_000_000, 60_000_000_000_000_000,
        60_000_000_000_000_000,
      ])
  }

  /// `overflowSafety`: growth saturates at the longest `Duration` instead of trapping; here
  /// checked in this process, with the saturated figures written out.
  @Test func overflowSafety() {
    var capped = Backoff.exponential(factor: 2, initial: .seconds(5)).maximum(.seconds(120))
      .makeIterator()
    for _ in 0..<1000 { #expect(capped.nextDuration() <= .seconds(120)) }
    var growing = Backoff.exponential(factor: 2, initial: .seconds(5)).makeIterator()
    let delays = (0..<1000).map { _ in growing.nextDuration() }
    #expect(delays.last == Duration(attoseconds: .max))
    var linear = Backoff.linear(increment: Duration(attoseconds: .max / 2), initial: .seconds(1))
      .makeIterator()
    // As the proposal settles, the delay whose successor would overflow is itself the longest.
    #expect(linear.nextDuration() == .seconds(1))
    #expect(linear.nextDuration() == Duration(attoseconds: .max))
    #expect(linear.nextDuration() == Duration(attoseconds: .max))
  }

  /// A strategy made from `Sendable` parts stays `Sendable` through its modifiers.
  @Test func modifiersKeepSendable() {
    let strategy = Backoff.exponential(factor: 2, initial: .seconds(1)).minimum(.seconds(1))
      .maximum(.seconds(30)).fullJitter().equalJitter()
    let sent: any Sendable = strategy
    #expect(sent is any BackoffStrategy)
  }
}
