import AsyncPacing
import Synchronization

// The rate limiter's and the timer's counts. `rateLimited` reads on demand, as a timeout does:
// each element is a round trip between the consumer and the reader. Its burst here is larger
// than any run, so no element waits for a token: the steady state of the bucket's bookkeeping.
// A tick sleeps in the consumer's own task, with no shell: on a clock whose sleep only moves
// its time to the deadline, with no lock and no allocation of its own, what a tick costs is the
// timer's alone.

let rateRows: [CountedRow] = [
  CountedRow(
    name: "rateLimited(to:per:burst:)",
    limit: Counts(allocationsPerElement: 0.1, locksPerElement: 3.1, tasksPerRun: 1)
  ) { elements in
    let sequence = EndSignallingSequence(count: elements, end: EndSignal()).rateLimited(
      to: 1, per: .seconds(1), burst: 1_000_000)
    for await _ in sequence {}
  },
  CountedRow(
    name: "ticks(every:), per tick",
    limit: Counts(allocationsPerElement: 0.1, locksPerElement: 0.1, tasksPerRun: 0)
  ) { ticks in
    var iterator = JumpingClock().ticks(every: .seconds(1)).makeAsyncIterator()
    for _ in 0..<ticks {
      if await iterator.next() == nil { print("ticks(every:) row: the ticks ended") }
    }
  },
]

/// A clock whose sleep moves its time to the deadline at once: an atomic, no lock.
struct JumpingClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let nanoseconds = JumpingClockTime()

  var now: Instant { Instant(offset: .nanoseconds(nanoseconds.value.load(ordering: .acquiring))) }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    let (seconds, attoseconds) = deadline.offset.components
    let target = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    nanoseconds.value.max(target, ordering: .releasing)
  }
}

/// The jumping clock's time, in nanoseconds, shared by its copies.
final class JumpingClockTime: Sendable {
  let value = Atomic<Int64>(0)
}
