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

  /// The per-element debounce and the sample take an existential clock of their own.
  @Test func perElementDebounce() async {
    let drawn = await Self.drawings(
      { $0.debounce(for: { $0 == "b" ? .seconds(2) : .zero }, clock: $1) },
      erased: { $0.debounce(for: { $0 == "b" ? .seconds(2) : .zero }, clock: $1) })
    // `b`'s quiet period ends as `c` arrives: the deadline first, then `c`'s own, at once.
    #expect(drawn == Array(repeating: "a---[bc]-----d-e-f-g----h|", count: 3))
  }

  @Test func sample() async {
    let drawn = await Self.drawings(
      { $0.sample(every: .seconds(2), clock: $1) },
      erased: { $0.sample(every: .seconds(2), clock: $1) })
    // Each tick takes what arrived before it; at the finish's tick, `h`, then the finish.
    #expect(drawn == Array(repeating: "--a-b-c-----d-e-f-g---[h|]", count: 3))
  }

  /// The actions of a pacer on a test clock, handed over as is or erased, as `value@instant`.
  static func actionInstants(erasing: Bool, _ kind: PacerKind) async -> [String] {
    // Plain form: a fresh clock for each call, and each test calls this twice.
    await withTestClock { clock in
      let ran = Recorder<String>()
      let chosen: any Clock<Duration> = erasing ? AnyClock(clock) : clock
      let pacer = kind.make(for: .seconds(2), clock: chosen) { (value: String) in
        ran.record("\(value)@\(clock.now)")
      }
      for value in ["a", "b", "c", "", "", "", "d", "e", "", "", "", "", "f"] {
        if !value.isEmpty { pacer.send(value) }
        await clock.advance(by: .seconds(1))
      }
      await clock.advance(by: .seconds(10))
      await OperatorHarness.expectNothingLeft(on: clock)
      return ran.recorded
    }
  }

  @Test(arguments: PacerKind.allCases)
  func pacer(_ kind: PacerKind) async {
    let concrete = await Self.actionInstants(erasing: false, kind)
    let erased = await Self.actionInstants(erasing: true, kind)
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
