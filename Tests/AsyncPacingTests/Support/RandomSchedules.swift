import AsyncPacingTesting
import Foundation  // ProcessInfo: the only way to read the run count from the environment

/// Random marble schedules for comparing an operator with its reference model.
enum RandomSchedules {
  /// How many schedules a randomised test tries: `ASYNCPACING_RANDOM_RUNS`, or a default that
  /// keeps `swift test` quick. CI sets it higher, and lower for the sanitizer run.
  static var count: Int {
    ProcessInfo.processInfo.environment["ASYNCPACING_RANDOM_RUNS"].flatMap { Int($0) } ?? 500
  }

  /// How many schedules a randomised test on a ``TestClock`` tries: each is a whole scenario
  /// with tasks, so a tenth of `count`.
  static var scenarioCount: Int { max(count / 10, 1) }

  /// The seed of a run: `ASYNCPACING_RANDOM_SEED` to replay a reported failure, else fixed.
  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["ASYNCPACING_RANDOM_SEED"].flatMap { UInt64($0) }
      ?? 0x5EED
  }

  /// Elements with gaps around `interval` (exact-interval gaps and same-step groups are
  /// common, since that is where the half-open rule decides), then a finish, a failure, or
  /// nothing.
  static func make(interval: Int, using random: inout SplitMix64) -> [TimedEvent] {
    var events: [TimedEvent] = []
    var step = Int(random.next() % 3)
    let elementCount = Int(random.next() % 14)
    for index in 0..<elementCount {
      if index > 0 {
        let gaps = [
          0, 0, 1, interval, interval, max(interval - 1, 0), interval + 1, 2 * interval + 1,
        ]
        step += gaps[Int(random.next() % UInt64(gaps.count))]
      }
      events.append(TimedEvent(step: step, event: .value(name(index))))
    }
    step += Int(random.next() % UInt64(interval + 3))
    switch random.next() % 10 {
    case 0..<4: events.append(TimedEvent(step: step, event: .finish))
    case 4..<7: events.append(TimedEvent(step: step, event: .failure))
    default: break
    }
    return events
  }

  /// a, b, …, z, then 'ba', 'bb', …: every element of a schedule is distinct.
  private static func name(_ index: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    var index = index
    var name = String(letters[index % 26])
    while index >= 26 {
      index /= 26
      name = String(letters[index % 26]) + name
    }
    return name
  }
}
