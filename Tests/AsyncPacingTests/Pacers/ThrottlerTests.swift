import AsyncPacingTesting
import IssueCapture
import Testing

@testable import AsyncPacing

@Suite(.capturesIssues) struct ThrottlerTests {
  private static func throttled(
    _ input: String, interval: Int, latest: Bool = true,
    edges: PacingEdges = [.leading, .trailing], actionSteps: Int = 0,
    cancelsRunningAction: Bool = false
  ) async -> String {
    let starts = await PacerHarness.run(Marble.parse(input), actionSteps: actionSteps) {
      clock, action in
      let throttler = Throttler(
        for: .seconds(interval), clock: clock, latest: latest, edges: edges,
        cancelsRunningAction: cancelsRunningAction, action)
      return ({ throttler.send($0) }, throttler)
    }
    return Marble.render(starts)
  }

  @Test func everyEdgesOptionAndLatestFalse() async {
    #expect(await Self.throttled("abcdefghij", interval: 3) == "a--c--f--i--j")
    #expect(await Self.throttled("abcdefghij", interval: 3, latest: false) == "a--b--d--g--j")
    #expect(await Self.throttled("abcdefghij", interval: 3, edges: .leading) == "a--d--g--j")
    #expect(await Self.throttled("abcdefghij", interval: 3, edges: .trailing) == "---c--f--i--j")
  }

  @Test func windowsOpenWhenASlowActionReallyStarts() async {
    // Each action works 5 steps; windows are 3. c falls due at 3 but starts at 5, when a
    // returns, opening [5, 8); d and e, sent while c waited, belong to that window, and so
    // on: h falls due at 8 and starts at 10, j at 13 and starts at 15.
    let starts = await Self.throttled("abcdefghij", interval: 3, actionSteps: 5)
    #expect(starts == "a----c----h----j")
  }

  @Test(.testClock) func twoStartsAreNeverCloserThanTheInterval() async {
    let clock = TestClock.current
    let starts = Recorder<Duration>()
    let throttler = Throttler(for: .seconds(3), clock: clock) { (_: Int) in
      starts.record(clock.now.offset)
      try? await clock.sleep(for: .seconds(2))
    }
    var random = SplitMix64(seed: 42)
    for value in 0..<300 {
      throttler.send(value)
      await clock.advance(by: .milliseconds(Int(random.next() % 900)))
    }
    await clock.advance(by: .seconds(10))
    let gaps = zip(starts.recorded.dropFirst(), starts.recorded).map { $0 - $1 }
    #expect(gaps.allSatisfy { $0 >= .seconds(3) }, "\(gaps)")
    #expect(starts.recorded.count > 10)
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test(.testClock) func theLastValueAlwaysRuns() async {
    let clock = TestClock.current
    let ran = Recorder<Int>()
    let throttler = Throttler(for: .milliseconds(250), clock: clock) { (value: Int) in
      ran.record(value)
    }
    for value in 1...100 {
      throttler.send(value)
      await clock.advance(by: .milliseconds(7))
    }
    await clock.advance(by: .seconds(1))
    #expect(ran.recorded.first == 1)
    #expect(ran.recorded.last == 100)
    #expect(clock.internalTasks.startedCount == 1)  // the runner: the timer is the clock's
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test(.testClock) func cancelDropsTheCandidateKeepsTheWindowAndStaysUsable() async {
    let clock = TestClock.current
    let ran = Recorder<String>()
    let throttler = Throttler(for: .seconds(3), clock: clock, ran.startsAction(on: clock))
    throttler.send("a")  // runs at 0, window [0, 3)
    await clock.advance(by: .seconds(1))
    throttler.send("b")
    throttler.cancel()  // b never runs
    await clock.advance(by: .seconds(1))
    throttler.send("c")  // the window is kept: c waits for its end
    await clock.advance(by: .seconds(5))
    #expect(ran.recorded == ["a at +0s", "c at +3s"])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test(.testClock) func flushRunsTheCandidateNowIgnoringTheSpacing() async {
    let clock = TestClock.current
    let ran = Recorder<String>()
    let throttler = Throttler(for: .seconds(3), clock: clock, ran.startsAction(on: clock))
    throttler.flush()
    throttler.send("a")
    await clock.advance(by: .seconds(1))
    throttler.send("b")
    throttler.flush()
    await clock.advance(by: .seconds(10))
    #expect(ran.recorded == ["a at +0s", "b at +1s"])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func theReplaceOptionCancelsTheRunningAction() async {
    // a runs from 0 for 10 steps; c falls due at 3 (its window's end) and cancels it.
    #expect(
      await Self.throttled("abc", interval: 3, actionSteps: 10, cancelsRunningAction: true)
        == "a--c")
  }

  @Test func releasingTheThrottlerMidBurstNeverCallsBack() async {
    let ran = Recorder<Int>()
    // The candidate 2 is lost: the test clock says so.
    await expectIssues([LostValue.reported(by: "Throttler<Int>")]) {
      await withTestClock { clock in
        do {
          let throttler = Throttler(for: .seconds(1), clock: clock) { (value: Int) in
            ran.record(value)
          }
          throttler.send(1)
          throttler.send(2)
          await clock.settle()
        }
        await clock.advance(by: .seconds(5))
        #expect(ran.recorded == [1])
        await OperatorHarness.expectNothingLeft(on: clock, allowingLostValue: true)
      }
    }
  }
}
