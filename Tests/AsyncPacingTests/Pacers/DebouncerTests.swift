import AsyncPacingTesting
import IssueCapture
import Testing

@testable import AsyncPacing

@Suite(.capturesIssues) struct DebouncerTests {
  private static func debounced(
    _ input: String, interval: Int, edges: PacingEdges = .trailing, maxWait: Int? = nil,
    actionSteps: Int = 0, cancelsRunningAction: Bool = false
  ) async -> String {
    let starts = await PacerHarness.run(Marble.parse(input), actionSteps: actionSteps) {
      clock, action in
      let debouncer = Debouncer(
        for: .seconds(interval), edges: edges, maxWait: maxWait.map { .seconds($0) }, clock: clock,
        cancelsRunningAction: cancelsRunningAction, action)
      return ({ debouncer.send($0) }, debouncer)
    }
    return Marble.render(starts)
  }

  @Test func everyEdgesOption() async {
    #expect(await Self.debounced("ab-c-------d", interval: 3) == "------c-------d")
    #expect(await Self.debounced("ab-c-------d", interval: 3, edges: .leading) == "a----------d")
    #expect(
      await Self.debounced("ab-c-------d", interval: 3, edges: [.leading, .trailing])
        == "a-----c----d")
    #expect(await Self.debounced("abcdefgh", interval: 3, maxWait: 5) == "-----e----h")
  }

  @Test func aValueDueWhileTheActionRunsWaitsAndALaterOneReplacesIt() async {
    // a runs from 1 to 6; b falls due at 3 and waits; c falls due at 5 and replaces it.
    #expect(await Self.debounced("a-b-c", interval: 1, actionSteps: 5) == "-a----c")
  }

  @Test func theReplaceOptionCancelsAStaleAction() async {
    // a runs from 1; b falls due at 4 and cancels it; b starts as soon as a returns.
    #expect(
      await Self.debounced("a--b", interval: 1, actionSteps: 10, cancelsRunningAction: true)
        == "-a--b")
  }

  @Test(.testClock) func cancelNeverRunsThePendingValueAndTheDebouncerStaysUsable() async {
    let clock = TestClock.current
    let ran = Recorder<String>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: String) in
      ran.record(value)
    }
    debouncer.send("a")
    await clock.advance(by: .milliseconds(500))
    debouncer.cancel()
    await clock.advance(by: .seconds(5))
    #expect(ran.recorded == [])
    debouncer.send("b")
    await clock.advance(by: .seconds(1))
    #expect(ran.recorded == ["b"])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test(.testClock) func cancelCancelsTheRunningActionAndTheNextWaitsForItToReturn() async {
    let clock = TestClock.current
    let log = Recorder<String>()
    let probe = ConcurrencyProbe()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: String) in
      await probe.during {
        log.record("start \(value) at \(clock.now)")
        // Ignores cancellation for 2 steps, then notices it.
        try? await clock.sleep(for: .seconds(2))
        log.record("\(value) saw cancel: \(Task.isCancelled)")
      }
    }
    debouncer.send("a")
    await clock.advance(by: .seconds(1))  // a starts at +1s
    debouncer.cancel()  // the sleep is cancelled at once
    debouncer.send("b")
    await clock.advance(by: .seconds(4))
    #expect(
      log.recorded == [
        "start a at +1s", "a saw cancel: true", "start b at +2s", "b saw cancel: false",
      ]
    )
    #expect(probe.maximum == 1)
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test(.testClock) func flushRunsThePendingValueNowAndDoesNothingWithoutOne() async {
    let clock = TestClock.current
    let ran = Recorder<String>()
    let debouncer = Debouncer(for: .seconds(10), clock: clock, ran.startsAction(on: clock))
    debouncer.flush()
    await clock.advance(by: .seconds(1))
    debouncer.send("a")
    debouncer.flush()
    await clock.advance(by: .seconds(20))
    debouncer.flush()
    await clock.advance(by: .seconds(1))
    #expect(ran.recorded == ["a at +1s"])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test(.testClock) func flushWhileTheActionRunsRunsWhenItReturns() async {
    let clock = TestClock.current
    let ran = Recorder<String>()
    let debouncer = Debouncer(
      for: .seconds(10), clock: clock, ran.startsAction(on: clock, working: .seconds(3)))
    debouncer.send("a")
    debouncer.flush()  // a runs from 0 to 3
    await clock.advance(by: .seconds(1))
    debouncer.send("b")
    debouncer.flush()  // due at 1, runs when a returns
    await clock.advance(by: .seconds(10))
    #expect(ran.recorded == ["a at +0s", "b at +3s"])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func releasingTheDebouncerMidBurstNeverCallsBack() async {
    let ran = Recorder<String>()
    // The value is lost: the test clock says so.
    await expectIssues([LostValue.reported(by: "Debouncer<String>")]) {
      await withTestClock { clock in
        do {
          let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: String) in
            ran.record(value)
          }
          debouncer.send("a")
          await clock.advance(by: .milliseconds(500))
        }
        await clock.advance(by: .seconds(5))
        #expect(ran.recorded == [])
        await OperatorHarness.expectNothingLeft(on: clock, allowingLostValue: true)
      }
    }
  }

  @Test(.testClock) func releasingTheDebouncerCancelsTheRunningAction() async {
    let clock = TestClock.current
    let log = Recorder<String>()
    do {
      let debouncer = Debouncer(for: .zero, clock: clock) { (value: String) in
        try? await clock.sleep(for: .seconds(10))
        log.record("\(value) cancelled: \(Task.isCancelled)")
      }
      debouncer.send("a")
      await clock.advance(by: .seconds(1))
    }
    await clock.settle()
    #expect(log.recorded == ["a cancelled: true"])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test(.testClock) func aBurstStartsOneTaskAndNoneIsLeftWhenIdle() async {
    let clock = TestClock.current
    let ran = Recorder<Int>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: Int) in
      ran.record(value)
    }
    for value in 0..<1000 {
      debouncer.send(value)
      await clock.advance(by: .milliseconds(10))
    }
    // Pending, the debouncer's deadline is a sleeper of the clock's, with no task waiting.
    #expect(clock.pendingSleeperCount == 1)
    #expect(clock.internalTasks.startedCount == 0)
    await clock.advance(by: .seconds(1))
    #expect(ran.recorded == [999])
    #expect(clock.internalTasks.startedCount == 1)  // the runner
    #expect(clock.internalTasks.liveCount == 0)
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test(.testClock) func voidDebouncersTakeSignals() async {
    let clock = TestClock.current
    let taps = Recorder<TestClock.Instant>()
    let tap = Debouncer(for: .seconds(1), edges: .leading, clock: clock) {
      taps.record(clock.now)
    }
    tap.send()
    tap()
    await clock.advance(by: .seconds(1))
    tap()
    await clock.settle()
    #expect(taps.recorded == [.init(), .init(offset: .seconds(1))])
  }
}
