import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// A clock whose `Duration` is not `Swift.Duration` gets what that type's public API allows
/// (<doc:PacingContract>, "Time that never comes"): its own arithmetic, with a sum that wraps
/// below its start taken as a deadline that never comes.
@Suite(.testClock) struct OtherDurationTests {
  /// Whole seconds in an `Int64` whose `+` wraps, as some tick types' do.
  struct Ticks: DurationProtocol, Hashable {
    var count: Int64
    static var zero: Ticks { Ticks(count: 0) }
    static func + (lhs: Ticks, rhs: Ticks) -> Ticks { Ticks(count: lhs.count &+ rhs.count) }
    static func - (lhs: Ticks, rhs: Ticks) -> Ticks { Ticks(count: lhs.count &- rhs.count) }
    static func < (lhs: Ticks, rhs: Ticks) -> Bool { lhs.count < rhs.count }
    static func / (lhs: Ticks, rhs: Int) -> Ticks { Ticks(count: lhs.count / Int64(rhs)) }
    static func * (lhs: Ticks, rhs: Int) -> Ticks { Ticks(count: lhs.count &* Int64(rhs)) }
    static func / (lhs: Ticks, rhs: Ticks) -> Double { Double(lhs.count) / Double(rhs.count) }
  }

  /// A ``TestClock``'s time in whole seconds, its tasks on the test clock's executor.
  struct TickClock: Clock, PacingHost {
    struct Instant: InstantProtocol {
      var ticks: Int64
      func advanced(by duration: Ticks) -> Instant { Instant(ticks: ticks &+ duration.count) }
      func duration(to other: Instant) -> Ticks { Ticks(count: other.ticks &- ticks) }
      static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.ticks < rhs.ticks }
    }

    let host: TestClock
    var now: Instant { Instant(ticks: host.now.offset.components.seconds) }
    var minimumResolution: Ticks { Ticks(count: 1) }
    func sleep(until deadline: Instant, tolerance: Ticks?) async throws {
      try await host.sleep(until: TestClock.Instant(offset: .seconds(deadline.ticks)))
    }
    var preferredTaskExecutor: (any TaskExecutor)? { host.taskExecutor }
    func internalTaskStarted() { host.internalTaskStarted() }
    func internalTaskEnded() { host.internalTaskEnded() }
  }

  @Test func aTypicalIntervalKeepsItsRules() async {
    let host = TestClock.current
    let clock = TickClock(host: host)
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    await host.record(upstream.debounce(for: Ticks(count: 2), clock: clock)) { debounced in
      feed.yield("a")
      feed.yield("b")
      let event = await debounced.next()
      #expect(event?.kind.element == "b")
      #expect(event?.instant == TestClock.Instant(offset: .seconds(2)))
      feed.finish()
      await debounced.expectFinish()
    }
    await OperatorHarness.expectNothingLeft(on: host)
  }

  @Test func aSumThatWrapsIsADeadlineThatNeverComes() async {
    let host = TestClock.current
    let clock = TickClock(host: host)
    let longest = Ticks(count: .max)
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    let throttled = upstream.throttle(for: longest, clock: clock)
    await host.record(throttled) { throttled in
      await host.advance(by: .seconds(1))
      feed.yield("a")
      feed.yield("b")
      #expect(await throttled.nextElement() == "a")
      await host.settle()
      #expect(host.pendingSleeperCount == 0, "nothing sleeps toward never")
      // The window never ends: the finish emits its candidate at once.
      feed.finish()
      #expect(await throttled.nextElement() == "b")
      await throttled.expectFinish()
    }
    await OperatorHarness.expectNothingLeft(on: host)
  }
}

extension RecordedEvent.Kind {
  fileprivate var element: Element? {
    if case .element(let element) = self { element } else { nil }
  }
}
