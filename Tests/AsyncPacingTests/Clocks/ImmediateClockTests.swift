import AsyncPacing
import AsyncPacingTesting
import Testing

@Suite struct ImmediateClockTests {
  @Test func aSleepReturnsAtOnceAndMovesNowToItsDeadline() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(5))
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(5)))
    try await clock.sleep(for: .milliseconds(250))
    #expect(clock.now.offset == .milliseconds(5250))
  }

  @Test func timeNeverMovesBackwards() async throws {
    let clock = ImmediateClock(now: .init(offset: .seconds(10)))
    try await clock.sleep(until: .init(offset: .seconds(3)))
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func aCancelledSleepThrows() async {
    let clock = ImmediateClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.now.offset == .zero)
  }

  /// The documented outcome: the delays are skipped, the last element always comes out, and
  /// what else does depends on scheduling.
  @Test func aDebounceEmitsWhenItsTimerRunsAndAlwaysTheLastElement() async {
    let clock = ImmediateClock()
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    for number in 1...100 { feed.yield(number) }
    feed.finish()
    var received: [Int] = []
    for await number in numbers.debounce(for: .seconds(1), clock: clock) {
      received.append(number)
    }
    #expect(received.last == 100)
    #expect(received == received.sorted())
    #expect(Set(received).count == received.count)
  }

  @Test func aThrottleEmitsTheFirstAndTheLastElement() async {
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    for number in 1...100 { feed.yield(number) }
    feed.finish()
    var received: [Int] = []
    for await number in numbers.throttle(for: .seconds(1), clock: .immediate) {
      received.append(number)
    }
    #expect(received.first == 1)
    #expect(received.last == 100)
    #expect(received == received.sorted())
  }
}
