import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// Turbine's own `FlowTest.kt` (cashapp/turbine): awaiting each kind of event, the wrong kind,
/// unconsumed events, timeouts and virtual time, re-expressed with the recorder. Turbine throws
/// an `AssertionError`; the recorder records an issue at the await's line and goes on.
@Suite(.capturesIssues, .testClock) struct TurbineFlowSpecTests {
  let clock = TestClock.current

  struct CustomError: Error, CustomStringConvertible {
    var description: String { "CustomThrowable(hi)" }
  }

  /// `flowOf(…)`: the elements, then the end.
  static func flow<Element: Sendable>(_ elements: Element...) -> AsyncStream<Element> {
    AsyncStream { feed in
      for element in elements { feed.yield(element) }
      feed.finish()
    }
  }

  /// `flow { emit(…); emitAll(neverFlow()) }`: the elements, and no end.
  static func endless<Element: Sendable>(_ elements: Element...) -> AsyncStream<Element> {
    AsyncStream { feed in
      for element in elements { feed.yield(element) }
    }
  }

  static func failing() -> AsyncThrowingStream<String, any Error> {
    AsyncThrowingStream { $0.finish(throwing: CustomError()) }
  }

  @Test func awaitItemAwaitCompleteAwaitError() async {
    await clock.record(Self.flow("item")) { flow in
      #expect(await flow.nextElement() == "item")
      await flow.expectFinish()
    }
    await clock.record(Self.failing()) { flow in
      #expect(await flow.expectFailure() is CustomError)
    }
  }

  /// `awaitItemButWasCloseThrows`, `…ButWasErrorThrows` and their kin: Turbine's "Expected item
  /// but found Complete" is the recorder's "expected an element, but the next event was finish".
  @Test func theWrongEventIsAnIssueNamingIt() async {
    await expectIssues([
      "expected an element, but the next event was finish at +0s",
      "expected an element, but the next event was failure CustomThrowable(hi) at +0s",
      #"expected the finish, but the next event was element "item!" at +0s"#,
      "expected the finish, but the next event was failure CustomThrowable(hi) at +0s",
      #"expected a failure, but the next event was element "item!" at +0s"#,
      "expected a failure, but the next event was finish at +0s",
    ]) {
      await clock.record(Self.flow(String?.none).compactMap { $0 }) { _ = await $0.nextElement() }
      await clock.record(Self.failing()) { _ = await $0.nextElement() }
      await clock.record(Self.flow("item!")) {
        await $0.expectFinish()
        await $0.expectFinish()
      }
      await clock.record(Self.failing()) { await $0.expectFinish() }
      await clock.record(Self.flow("item!")) { flow in
        await flow.expectFailure()
        flow.ignoreRemainingEvents()
      }
      await clock.record(Self.flow(1).dropFirst()) { flow in _ = await flow.expectFailure() }
    }
  }

  /// `unconsumedItemThrows`, `unconsumedCompleteThrows`, `unconsumedErrorThrows`, and their
  /// `…WithCancel` forms: what nobody asked for fails the recording, at the `record` line.
  @Test func unconsumedEventsFail() async {
    await expectIssues([
      #"the recording ended with events nobody asked for: element "item!" at +0s"#,
      "the recording ended with events nobody asked for: finish at +0s",
      "the recording ended with events nobody asked for: failure CustomThrowable(hi) at +0s",
      #"the recording ended with events nobody asked for: element "two" at +0s"#,
    ]) {
      await clock.record(Self.endless("item!")) { _ in }
      await clock.record(Self.flow(Int?.none).compactMap { $0 }) { _ in }
      await clock.record(Self.failing()) { _ in }
      await clock.record(Self.endless("one", "two")) { flow in
        #expect(await flow.nextElement() == "one")
      }
    }
  }

  /// `unconsumedItemCanBeIgnored` and its kin: `cancelAndIgnoreRemainingEvents()`.
  @Test func unconsumedEventsCanBeIgnored() async {
    await clock.record(Self.endless("item!")) { $0.ignoreRemainingEvents() }
    await clock.record(Self.flow(1).dropFirst()) { $0.ignoreRemainingEvents() }
    await clock.record(Self.failing()) { $0.ignoreRemainingEvents() }
  }

  /// `expectNoEvents`, `expectNoEventsFailsOnException`, `expectNoEventsFailsOnCompletion`.
  @Test func expectNoEvents() async {
    await clock.record(Self.endless(Int?.none).compactMap { $0 }) { await $0.expectNoEvents() }
    await expectIssues([
      "expected no event, but received failure CustomThrowable(hi) at +0s",
      "expected no event, but received finish at +0s",
    ]) {
      await clock.record(Self.failing()) { flow in
        await flow.expectNoEvents()
        flow.ignoreRemainingEvents()
      }
      await clock.record(Self.flow(1).dropFirst()) { flow in
        await flow.expectNoEvents()
        flow.ignoreRemainingEvents()
      }
    }
  }

  /// `valuesDoNotConflate`: every value is kept, in order.
  @Test func valuesDoNotConflate() async {
    let (values, feed) = AsyncStream<Int>.makeStream()
    await clock.record(values) { flow in
      feed.yield(0)
      for value in 1...3 { feed.yield(value) }
      for expected in 0...3 { #expect(await flow.nextElement() == expected) }
      feed.finish()
      await flow.expectFinish()
    }
  }

  /// `awaitHonorsCoroutineContextTimeoutTimeout`: Turbine's "No value produced in 10ms". The
  /// timeout is wall-clock time once nothing on the clock can bring an event, as Turbine's.
  @Test func anAwaitTimesOutAtItsLine() async {
    await expectIssues([
      "expected an event, but none came: all work has settled, nothing sleeps on the clock "
        + "(now +0s), and nothing else brought one within 0.01 seconds of wall-clock time"
    ]) {
      await clock.record(Self.endless(Int?.none).compactMap { $0 }) { flow in
        _ = await flow.nextElement(timeout: .milliseconds(10))
      }
    }
  }

  /// `negativeTurbineTimeoutThrows`: an issue, and the await waits for none. A zero timeout,
  /// which Turbine refuses, waits for none here (a difference).
  @Test func aNegativeTimeoutIsAnIssue() async {
    await expectIssues([
      "`timeout` must not be negative, got -0.01 seconds; waiting for none instead",
      "expected an event, but none came",
      "expected an event, but none came",
    ]) {
      await clock.record(Self.endless(Int?.none).compactMap { $0 }) { flow in
        _ = await flow.next(timeout: .milliseconds(-10))
        _ = await flow.next(timeout: .zero)
      }
    }
  }

  /// `turbineSkipsDelaysInRunTest`: a sleep of the sequence takes no real time; it moves the
  /// clock, which the test reads instead of timing the run.
  @Test func delaysAreSkipped() async {
    let sleeper = Self.flow(1).map { [clock] _ in try? await clock.sleep(for: .seconds(5)) }
    await clock.record(sleeper.dropFirst()) { await $0.expectFinish() }
    #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
  }

  /// `virtualTimeCanBeControlled`. Kotlin's `advanceTimeBy(5000)` stops before what is due at
  /// 5 s and `runCurrent()` runs it; `advance(by:)` runs what is due at its target, so the
  /// element is there right after it.
  @Test func virtualTimeCanBeControlled() async {
    let ticks = Self.flow("1", "2").map { [clock] tick in
      try? await clock.sleep(for: .seconds(5))
      return tick
    }
    await clock.record(ticks) { flow in
      await flow.expectNoEvents()
      await clock.advance(by: .milliseconds(4_999))
      await flow.expectNoEvents()
      await clock.advance(by: .milliseconds(1))
      #expect(await flow.nextElement() == "1")
      await clock.advance(by: .seconds(5))
      #expect(await flow.nextElement() == "2")
      await flow.expectFinish()
    }
  }
}
