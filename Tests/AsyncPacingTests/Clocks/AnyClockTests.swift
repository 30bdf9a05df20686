import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// A `TestClock` behind an `AnyClock`, or behind `any Clock<Duration>`, gives the same exact
/// results as the clock itself: the erased clock hands the test executor to the internal tasks.
@Suite struct AnyClockTests {
  static let input = "a-b-c-----d-e-f-g----h|"

  /// Draws `pipeline` on a test clock handed over as is, as an `AnyClock` and as an existential.
  static func drawings<Concrete: AsyncSequence & Sendable, Erased: AsyncSequence & Sendable>(
    _ concrete: @Sendable @escaping (MarbleSequence<String>, TestClock) -> Concrete,
    erased: @Sendable @escaping (MarbleSequence<String>, any Clock<Duration>) -> Erased
  ) async -> [String] where Concrete.Element == String, Erased.Element == String {
    // Plain form: a fresh clock for each drawing, and the trait gives a test only one.
    var drawings: [String] = []
    drawings.append(
      await withTestClock { clock in
        let drawn = await clock.marbles(
          of: concrete(clock.marbles(input, step: .seconds(1)), clock), step: .seconds(1))
        await OperatorHarness.expectNothingLeft(on: clock)
        return drawn
      })
    drawings.append(
      await withTestClock { clock in
        let drawn = await clock.marbles(
          of: erased(clock.marbles(input, step: .seconds(1)), AnyClock(clock)), step: .seconds(1))
        await OperatorHarness.expectNothingLeft(on: clock)
        return drawn
      })
    drawings.append(
      await withTestClock { clock in
        let existential: any Clock<Duration> = clock
        let drawn = await clock.marbles(
          of: erased(clock.marbles(input, step: .seconds(1)), existential), step: .seconds(1))
        await OperatorHarness.expectNothingLeft(on: clock)
        return drawn
      })
    return drawings
  }

  @Test func debounce() async {
    let drawn = await Self.drawings(
      { $0.debounce(for: .seconds(3), clock: $1) },
      erased: { $0.debounce(for: .seconds(3), clock: $1) })
    #expect(Set(drawn).count == 1, "\(drawn)")
  }

  @Test func throttle() async {
    let drawn = await Self.drawings(
      { $0.throttle(for: .seconds(3), clock: $1) },
      erased: { $0.throttle(for: .seconds(3), clock: $1) })
    #expect(Set(drawn).count == 1, "\(drawn)")
  }

  @Test func throttleReducing() async {
    let drawn = await Self.drawings(
      { $0.throttle(for: .seconds(3), clock: $1) { ($0 ?? "") + $1 } },
      erased: { $0.throttle(for: .seconds(3), clock: $1) { ($0 ?? "") + $1 } })
    #expect(Set(drawn).count == 1, "\(drawn)")
  }

  /// The actions of a pacer on a test clock, handed over as is or erased, as `value@instant`.
  static func actionInstants(
    erasing: Bool,
    _ makePacer:
      @Sendable (any Clock<Duration>, _ record: @escaping @Sendable (String) -> Void) ->
      @Sendable (String) -> Void
  ) async -> [String] {
    // Plain form: a fresh clock for each call, and each test calls this twice.
    await withTestClock { clock in
      let ran = Recorder<String>()
      let send = makePacer(erasing ? AnyClock(clock) : clock) { ran.record("\($0)@\(clock.now)") }
      for value in ["a", "b", "c", "", "", "", "d", "e", "", "", "", "", "f"] {
        if !value.isEmpty { send(value) }
        await clock.advance(by: .seconds(1))
      }
      await clock.advance(by: .seconds(10))
      await OperatorHarness.expectNothingLeft(on: clock)
      return ran.recorded
    }
  }

  @Test func debouncer() async {
    @Sendable func pacer(
      _ clock: any Clock<Duration>, _ record: @escaping @Sendable (String) -> Void
    ) -> @Sendable (String) -> Void {
      let debouncer = Debouncer(for: .seconds(2), clock: clock) { (value: String) in
        record(value)
      }
      return { debouncer.send($0) }
    }
    let concrete = await Self.actionInstants(erasing: false, pacer)
    let erased = await Self.actionInstants(erasing: true, pacer)
    #expect(!concrete.isEmpty)
    #expect(erased == concrete)
  }

  @Test func throttler() async {
    @Sendable func pacer(
      _ clock: any Clock<Duration>, _ record: @escaping @Sendable (String) -> Void
    ) -> @Sendable (String) -> Void {
      let throttler = Throttler(for: .seconds(2), clock: clock) { (value: String) in
        record(value)
      }
      return { throttler.send($0) }
    }
    let concrete = await Self.actionInstants(erasing: false, pacer)
    let erased = await Self.actionInstants(erasing: true, pacer)
    #expect(!concrete.isEmpty)
    #expect(erased == concrete)
  }

  /// On a real clock only the wiring is checked: one element in, that element out.
  @Test func wiringOnTheContinuousClock() async {
    let clock: any Clock<Duration> = ContinuousClock()
    func one() -> AsyncStream<Int> {
      let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
      feed.yield(1)
      feed.finish()
      return numbers
    }
    var received: [Int] = []
    for await number in one().debounce(for: .milliseconds(1), clock: clock) {
      received.append(number)
    }
    for await number in one().throttle(for: .milliseconds(1), clock: clock) {
      received.append(number)
    }
    for await number in one().throttle(for: .milliseconds(1), clock: clock, reducing: { $1 }) {
      received.append(number)
    }
    let (ran, ranFeed) = AsyncStream.makeStream(of: Int.self)
    let debouncer = Debouncer(for: .milliseconds(1), clock: clock) { ranFeed.yield($0) }
    let throttler = Throttler(for: .milliseconds(1), clock: clock) { ranFeed.yield($0 + 1) }
    debouncer.send(1)
    throttler.send(1)
    var actions: [Int] = []
    for await value in ran {
      actions.append(value)
      if actions.count == 2 { break }
    }
    #expect(received == [1, 1, 1])
    #expect(actions.sorted() == [1, 2])
  }

  @Test(.testClock) func instantsCountFromTheWrapping() async throws {
    let clock = TestClock.current
    await clock.advance(by: .seconds(5))
    let erased = AnyClock(clock)
    #expect(erased.now.offset == .zero)
    await clock.advance(by: .seconds(2))
    #expect(erased.now.offset == .seconds(2))
    #expect(erased.minimumResolution == clock.minimumResolution)
  }
}
