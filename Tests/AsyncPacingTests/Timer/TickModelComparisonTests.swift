import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// `ticks(every:)` against a model of the contract's "Ticks" on random consumers: each takes
/// the next tick, then works a random number of steps before it asks again.
@Suite struct TickModelComparisonTests {
  /// The model: at a `next()` at `now`, the latest grid instant after the last one returned and
  /// not after `now`, if any, at once; else the next grid instant, when it falls due.
  static func expected(interval: Int, busy: [Int]) -> [(tick: Int, receivedAt: Int)] {
    var now = 0
    var last = 0
    var received: [(tick: Int, receivedAt: Int)] = []
    for work in busy {
      let latestDue = now / interval * interval
      if latestDue > last {
        last = latestDue
      } else {
        last += interval
        now = last
      }
      received.append((last, now))
      now += work
    }
    return received
  }

  @Test func theTicksMatchTheModel() async {
    var random = SplitMix64(seed: RandomSchedules.seed &+ 52_000)
    for run in 0..<RandomSchedules.count {
      let interval = Int(random.next() % 5) + 1
      let busy = (0..<Int(random.next() % 8) + 1).map { _ in Int(random.next() % 12) }
      let expected = Self.expected(interval: interval, busy: busy)
      let actual = await withTestClock(advancing: .automatic) { clock in
        var ticks = clock.ticks(every: .seconds(interval)).makeAsyncIterator()
        var received: [(tick: Int, receivedAt: Int)] = []
        for work in busy {
          guard let tick = await ticks.next() else { break }
          received.append(
            (
              Int(TestClock.Instant().duration(to: tick).components.seconds),
              Int(TestClock.Instant().duration(to: clock.now).components.seconds)
            ))
          await clock.advance(by: .seconds(work))
        }
        return received
      }
      let matches =
        actual.count == expected.count
        && zip(actual, expected).allSatisfy { $0.tick == $1.tick && $0.receivedAt == $1.receivedAt }
      #expect(
        matches,
        "run \(run): ticks(every: \(interval)), busy \(busy): expected \(expected), got \(actual)")
      if !matches { return }
    }
  }
}
