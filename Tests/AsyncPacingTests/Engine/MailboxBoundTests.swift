import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// <doc:PacingContract>, "Delivery to the consumer": outputs wait only while time stands still,
/// at most 1,024 of them; a sequence's reader then waits for the consumer, and a pacer drops
/// the oldest.
// Thousands of sends in one job: under ThreadSanitizer on two cores that other tests keep busy
// (the many-threads send tests block theirs on purpose), one job took more than 30 seconds in CI.
@Suite(.testClock(progressTimeout: .seconds(300))) struct MailboxBoundTests {
  static let limit = Mailbox<Int, ElapsedInstant<Duration>>.sameInstantLimit

  @Test func aConsumerThatKeepsUpGetsEveryOneOfManySameInstantOutputs() async {
    let clock = TestClock.current
    let (upstream, feed) = AsyncStream.makeStream(of: Int.self)
    for number in 1...5 * Self.limit { feed.yield(number) }
    feed.finish()
    var received: [Int] = []
    for await number in upstream.debounce(for: .zero, clock: clock) { received.append(number) }
    #expect(received == Array(1...5 * Self.limit))
    #expect(clock.now == TestClock.Instant())
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func aBusyConsumerHoldsTheReaderAtTheLimitAndThenGetsTheLatest() async {
    let clock = TestClock.current
    let pulled = Mutex(0)
    let (upstream, feed) = AsyncStream.makeStream(of: Int.self)
    let counted = upstream.map { number in
      pulled.withLock { $0 += 1 }
      return number
    }
    for number in 1...5 * Self.limit { feed.yield(number) }
    feed.finish()
    async let received: [Int] = {
      var received: [Int] = []
      for await number in counted.debounce(for: .zero, clock: clock) {
        received.append(number)
        try? await clock.sleep(for: .seconds(1))  // busy
      }
      return received
    }()
    await clock.settle()
    // The first element went to the consumer; the mailbox holds as many of the next ones as
    // leave room for an event's two outputs.
    let perInstant = Self.limit - 1
    #expect(pulled.withLock { $0 } == 1 + perInstant)
    // Back at 1 s, later than they fell due, the consumer gets only the latest of them, and
    // the reader reads on until the mailbox of this instant is full again.
    await clock.advance(by: .seconds(1))
    #expect(pulled.withLock { $0 } == 1 + 2 * perInstant)
    var expected = [1]
    while expected.last! + perInstant < 5 * Self.limit {
      expected.append(expected.last! + perInstant)
    }
    expected.append(5 * Self.limit)
    for _ in 0..<expected.count { await clock.advance(by: .seconds(1)) }
    #expect(await received == expected)
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  /// The finding of issue 19: on a real clock only the latest of 1,000 values sent while the
  /// action runs would wait, and so it does on a `TestClock`.
  @Test func anActionBackAtALaterInstantRunsOnlyTheLatestValue() async {
    let clock = TestClock.current
    let ran = Recorder<Int>()
    let debouncer = Debouncer(for: .zero, clock: clock) { (value: Int) in
      ran.record(value)
      try? await clock.sleep(for: .seconds(1))
    }
    for value in 1...1_000 { debouncer.send(value) }
    await clock.settle()
    #expect(ran.recorded == [1])
    await clock.advance(by: .seconds(1))
    #expect(ran.recorded == [1, 1_000])
    await clock.advance(by: .seconds(1))
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func aPacerDropsTheOldestPastTheLimitAndKeepsTheLatest() async {
    let clock = TestClock.current
    let ran = Recorder<Int>()
    let debouncer = Debouncer(for: .zero, clock: clock) { (value: Int) in ran.record(value) }
    let sent = 5 * Self.limit
    for value in 1...sent { debouncer.send(value) }
    await clock.settle()
    #expect(ran.recorded == Array((sent - Self.limit + 1)...sent))
    await OperatorHarness.expectNothingLeft(on: clock)
  }
}
