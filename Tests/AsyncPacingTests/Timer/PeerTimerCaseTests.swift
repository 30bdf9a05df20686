import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// swift-async-algorithms' own `TestTimer` (its four marble cases), re-expressed with
/// `clock.ticks(every:)` drawn on a ``TestClock``. Its diagrams start at its clock's step 1,
/// where a drawing here starts at step 0, so its `-x-x-x-` is `--x-x-x` here; its `;` (the
/// cancellation) is `cancelledAt:`.
@Suite(.testClock) struct AsyncAlgorithmsTimerCaseTests {
  let clock = TestClock.current

  func ticks(every steps: Int) -> some AsyncSequence<String, Never> & Sendable {
    clock.ticks(every: .seconds(steps)).map { _ in "x" }
  }

  @Test func tick1() async {
    await clock.expectMarbles(
      "-xxxxxxx", of: ticks(every: 1), step: .seconds(1), cancelledAt: 7)
  }

  @Test func tick2() async {
    await clock.expectMarbles(
      "--x-x-x", of: ticks(every: 2), step: .seconds(1), cancelledAt: 7)
  }

  @Test func tick3() async {
    await clock.expectMarbles(
      "---x--x", of: ticks(every: 3), step: .seconds(1), cancelledAt: 7)
  }

  /// `test_tick2_event_skew3`: each tick's consumer sleeps 3 steps. Here a late `next()` gets
  /// one tick, the latest (8, not 6), where its timer catches up one tick at a time; the drawing
  /// is the same. The `x` its `map` returns when cancelled mid-sleep is not drawn here: a
  /// drawing draws nothing after it cancels.
  @Test func tick2EventSkew3() async {
    let skewed = clock.ticks(every: .seconds(2)).map { [clock] _ in
      try? await clock.sleep(until: clock.now.advanced(by: .seconds(3)))
      return "x"
    }
    await clock.expectMarbles("-----x--x", of: skewed, step: .seconds(1), cancelledAt: 10)
  }
}

/// kotlinx.coroutines' own `TickerChannelCommonTest` (fixed period), re-expressed with
/// `ticks(every:)`. Its tickers are made with `initialDelay = 0`, so they tick at once; here the
/// first tick comes one interval after the first `next()`, as Kotlin's ticker does by default (a
/// difference, in the contract), which its cases show by consuming that first tick first.
@Suite(.testClock) struct KotlinTickerCaseTests {
  let clock = TestClock.current

  /// `testDelay`: nothing at 5 s, a tick by 10.1 s, nothing once cancelled.
  @Test func delay() async {
    let ticks = clock.ticks(every: .seconds(10))
    let task = Task(executorPreference: clock.taskExecutor) {
      var iterator = ticks.makeAsyncIterator()
      let first = await iterator.next()
      let afterCancel = await iterator.next()
      return [first, afterCancel]
    }
    await clock.advance(by: .seconds(5))
    #expect(clock.pendingSleeperCount == 1)
    await clock.advance(by: .milliseconds(5_100))
    #expect(clock.pendingSleeperCount == 1)
    task.cancel()
    #expect(await task.value == [.init(offset: .seconds(10)), nil])
  }

  /// `testReceive`: nothing within 750 ms; the tick at 1 s within the next 260 ms.
  @Test func receive() async {
    let ticks = clock.ticks(every: .seconds(1))
    let task = Task(executorPreference: clock.taskExecutor) {
      var iterator = ticks.makeAsyncIterator()
      return await iterator.next()
    }
    await clock.advance(by: .milliseconds(750))
    #expect(clock.pendingSleeperCount == 1)
    await clock.advance(by: .milliseconds(260))
    #expect(await task.value == .init(offset: .seconds(1)))
  }
}

/// RxJS's own `interval` spec (spec/observables/interval-spec.ts, at ReactiveX/rxjs e5351d0),
/// its marble cases in RxJS's dialect, with a tick's count where RxJS emits one.
@Suite(.testClock) struct RxJSIntervalCaseTests {
  let clock = TestClock.current
  static let frame = Duration.milliseconds(1)

  /// "should set up an interval": period 10 frames, unsubscribed at frame 75.
  @Test func anInterval() async {
    let start = clock.now
    let counted = clock.ticks(every: Self.frame * 10).map { tick in
      "\(Int(start.duration(to: tick) / (Self.frame * 10)) - 1)"
    }
    await clock.expectMarbles(
      "   ----------0---------1---------2---------3---------4---------5---------6-----",
      of: counted, step: Self.frame, notation: .rxjs, cancelledAt: 75, maxSteps: 75)
  }

  /// "should emit when relative interval set to zero" and "should consider negative interval as
  /// zero" have no twin: an interval must be greater than zero here (a difference).
}
