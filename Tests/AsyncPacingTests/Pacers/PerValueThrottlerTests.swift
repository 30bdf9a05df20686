import AsyncPacing
import AsyncPacingTesting
import Synchronization
import Testing

/// What `Throttler(for: { value in … })` promises beyond its diagrams: when the closure is
/// asked, and that every window keeps the length of the value that opened it.
@Suite(.testClock) struct PerValueThrottlerTests {
  /// What a throttler did: each start of its action, and each request for an interval, as
  /// "value@instant".
  final class Log: Sendable {
    private let startList = Mutex<[String]>([])
    private let requestList = Mutex<[String]>([])

    var starts: [String] { startList.withLock { $0 } }
    var requests: [String] { requestList.withLock { $0 } }

    func record(start value: String, at instant: TestClock.Instant) {
      startList.withLock { $0.append("\(value)@\(instant)") }
    }

    func record(request value: String, at instant: TestClock.Instant) {
      requestList.withLock { $0.append("\(value)@\(instant)") }
    }
  }

  /// A throttler on `clock` whose windows last `seconds(value)` and whose action works for
  /// `busySeconds(value)`, with the log of what it did.
  static func throttler(
    on clock: TestClock, edges: PacingEdges = [.leading, .trailing],
    seconds: @escaping @Sendable (String) -> Int,
    busySeconds: @escaping @Sendable (String) -> Int = { _ in 0 }
  ) -> (Throttler<String>, Log) {
    let log = Log()
    let interval = { @Sendable (value: String) -> Duration in
      log.record(request: value, at: clock.now)
      return .seconds(seconds(value))
    }
    let throttler = Throttler(for: interval, clock: clock, edges: edges) { value in
      log.record(start: value, at: clock.now)
      let busy = busySeconds(value)
      if busy > 0 { try? await clock.sleep(for: .seconds(busy)) }
    }
    return (throttler, log)
  }

  @Test func aValueWithALongerIntervalHoldsTheNextStartBackLonger() async {
    let clock = TestClock.current
    let (show, log) = Self.throttler(on: clock) { $0.hasPrefix("error") ? 5 : 1 }
    show("error")
    await clock.settle()
    show("routine")
    await clock.advance(by: .seconds(10))
    show("again")
    await clock.settle()
    show("last")
    await clock.advance(by: .seconds(10))
    #expect(log.starts == ["error@+0s", "routine@+5s", "again@+10s", "last@+11s"])
  }

  @Test func onlyTheValuesWhoseStartOpensAWindowAreAsked() async {
    let clock = TestClock.current
    let (throttler, log) = Self.throttler(on: clock) { _ in 2 }
    for value in ["a", "b", "c"] { throttler(value) }
    await clock.advance(by: .seconds(1))
    throttler("d")
    throttler.flush()
    await clock.advance(by: .seconds(10))
    #expect(log.starts == ["a@+0s", "d@+1s"])
    #expect(log.requests == ["a@+0s", "d@+1s"])
  }

  @Test func aTrailingOnlyBurstsFirstValueIsAskedOnceForBothItsWindows() async {
    let clock = TestClock.current
    let (throttler, log) = Self.throttler(on: clock, edges: .trailing) { _ in 2 }
    throttler("a")
    await clock.advance(by: .seconds(10))
    throttler("b")  // flushed: it runs at once, and its start opens its window
    throttler.flush()
    await clock.advance(by: .seconds(10))
    #expect(log.starts == ["a@+2s", "b@+10s"])
    #expect(log.requests == ["a@+0s", "b@+10s"])
  }

  /// Two values flushed at one instant wait to start together; the first then starts with the
  /// second behind it, so the throttler cannot tell that it is the burst's first, and asks for
  /// its interval again (the one case where it asks twice). Every window still has the length
  /// of the value that opened it.
  @Test func valuesWaitingBehindAStartKeepTheirOwnWindows() async {
    let clock = TestClock.current
    let (throttler, log) = Self.throttler(
      on: clock, edges: .trailing, seconds: { $0 == "c" ? 5 : 1 }, busySeconds: { _ in 3 })
    throttler("a")
    throttler.flush()
    throttler("b")
    throttler.flush()
    await clock.advance(by: .seconds(2))
    throttler("c")  // opens its own window, [2, 7)
    await clock.advance(by: .seconds(20))
    #expect(log.starts == ["a@+0s", "b@+3s", "c@+7s"])  // c's own window ends at 7
    #expect(log.requests == ["a@+0s", "a@+0s", "c@+2s", "b@+3s"])
  }

  /// An earlier value's late start opens a window too, but the window a burst's first value
  /// opened meanwhile keeps its own end.
  @Test func aLateStartKeepsTheWindowABurstsFirstValueOpened() async {
    let clock = TestClock.current
    let lengths = ["a": 3, "b": 1, "d": 10]
    let (throttler, log) = Self.throttler(
      on: clock, edges: .trailing, seconds: { lengths[$0] ?? 1 },
      busySeconds: { $0 == "a" ? 9 : 0 })
    throttler("a")
    await clock.advance(by: .seconds(1))
    throttler.flush()
    throttler("b")
    throttler.flush()  // b waits behind a, whose action runs until 10
    await clock.advance(by: .seconds(4))
    throttler("d")  // idle: d opens [5, 15)
    await clock.advance(by: .seconds(20))
    #expect(log.starts == ["a@+1s", "b@+10s", "d@+15s"])
  }
}
