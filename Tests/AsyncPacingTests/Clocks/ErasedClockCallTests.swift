import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// Which operator a call reaches is fixed at compile time: the annotated types below are the
/// proof, and this file must compile.
@Suite struct ErasedClockCallTests {
  @Test func anExistentialClockReachesEveryOperatorAndPacer() {
    let clock: any Clock<Duration> = ContinuousClock()
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    let _: AsyncDebounceSequence<AsyncStream<Int>, AnyClock<Duration>> =
      numbers.debounce(for: .seconds(1), clock: clock)
    let _: AsyncThrottleSequence<AsyncStream<Int>, AnyClock<Duration>, Int> =
      numbers.throttle(for: .seconds(1), clock: clock)
    let _: AsyncThrottleSequence<AsyncStream<Int>, AnyClock<Duration>, Int> =
      numbers.throttle(for: .seconds(1), clock: clock) { ($0 ?? 0) + $1 }
    // The pacers open the existential: no overload, the generic initializer.
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (_: Int) in }
    let throttler = Throttler(for: .seconds(1), clock: clock) { (_: Int) in }
    debouncer.cancel()
    throttler.cancel()
    feed.finish()
  }

  /// No annotation steers these calls: the types they get show the overload chosen.
  @Test func aConcreteClockKeepsTheGenericOperators() {
    let clock = TestClock()
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    let debounced = numbers.debounce(for: .seconds(1), clock: clock)
    let throttled = numbers.throttle(for: .seconds(1), clock: clock)
    let reduced = numbers.throttle(for: .seconds(1), clock: clock) { ($0 ?? 0) + $1 }
    let continuous = numbers.debounce(for: .milliseconds(1), clock: ContinuousClock())
    #expect(type(of: debounced) == AsyncDebounceSequence<AsyncStream<Int>, TestClock>.self)
    #expect(type(of: throttled) == AsyncThrottleSequence<AsyncStream<Int>, TestClock, Int>.self)
    #expect(type(of: reduced) == AsyncThrottleSequence<AsyncStream<Int>, TestClock, Int>.self)
    #expect(
      type(of: continuous) == AsyncDebounceSequence<AsyncStream<Int>, ContinuousClock>.self)
    #expect(Self.debounced(numbers, on: clock) == "\(TestClock.self)")
    feed.finish()
  }

  /// In generic code the clock's type is known too, and kept.
  static func debounced(_ numbers: AsyncStream<Int>, on clock: some Clock<Duration>) -> String {
    func clockType<Base, C>(_: AsyncDebounceSequence<Base, C>) -> String { "\(C.self)" }
    return clockType(numbers.debounce(for: .seconds(1), clock: clock))
  }

  @Test func anAnyClockIsNotWrappedAgain() {
    let clock = AnyClock(TestClock())
    let erased: any Clock<Duration> = clock
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    let _: AsyncDebounceSequence<AsyncStream<Int>, AnyClock<Duration>> =
      numbers.debounce(for: .seconds(1), clock: erased)
    #expect(AnyClock.erasing(erased) === clock)
    feed.finish()
  }
}

/// The testing guide's model that stores its clock as `any Clock<Duration>`, compiled.
@MainActor final class ClockStoringSearchModel {
  let clock: any Clock<Duration>
  init(clock: any Clock<Duration> = ContinuousClock()) { self.clock = clock }

  func results(for queries: AsyncStream<String>) -> some AsyncSequence<String, Never> {
    queries.debounce(for: .milliseconds(300), clock: clock)
  }
}
