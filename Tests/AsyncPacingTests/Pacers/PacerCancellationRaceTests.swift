import AsyncPacingTesting
import IssueCapture
import Testing

@testable import AsyncPacing

/// Interleavings found in review, pinned down.
@Suite(.capturesIssues, .testClock) struct PacerCancellationRaceTests {
  private typealias Shell = PacerShell<
    FixedDebounceMachine<Int, ElapsedInstant<Duration>>, TestClock
  >

  private static func shell(clock: TestClock, ran: Recorder<Int>) -> Shell {
    // What `Debouncer` tells the host when it is made with a main-actor action.
    clock.mainActorWorkJoined()
    return Shell(
      machine: FixedDebounceMachine(
        DebounceConfiguration(interval: Duration.zero, edges: .trailing, maxWait: nil)),
      clock: clock, origin: clock.now, tolerance: nil, cancelsRunningAction: false,
      action: { @MainActor (value: Int) in ran.record(value) }, sharedTimer: nil)
  }

  /// Blocks the main actor until the runner has taken the value, as a busy main thread would;
  /// the action's start then waits for the main actor, where `cancel` comes first.
  @MainActor private static func whileTheActionWaitsForTheMainActor(
    _ shell: Shell, _ body: () -> Void
  ) {
    shell.send(1)
    let limit = ContinuousClock.now.advanced(by: .seconds(30))
    while ContinuousClock.now < limit {
      let acting = shell.state.withLock { state in
        if case .acting = state.side.runner { true } else { false }
      }
      if acting { break }
    }
    body()
  }

  @MainActor @Test func aCancelOnTheActionsActorBeforeItBeginsWins() async {
    let clock = TestClock.current
    let ran = Recorder<Int>()
    let shell = Self.shell(clock: clock, ran: ran)
    Self.whileTheActionWaitsForTheMainActor(shell) { shell.cancel() }
    await clock.settle()
    #expect(ran.recorded == [])
    shell.send(2)  // still usable
    await clock.settle()
    #expect(ran.recorded == [2])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @MainActor @Test func aReleaseOnTheActionsActorBeforeItBeginsWins() async {
    let ran = Recorder<Int>()
    // The value the runner took is lost: the test clock says so.
    await expectIssues([LostValue.reported(by: "Debouncer<Int>")]) {
      await withTestClock { clock in
        let shell = Self.shell(clock: clock, ran: ran)
        await Self.whileTheActionWaitsForTheMainActor(shell) { shell.cancel(release: true) }
        await clock.settle()
        #expect(ran.recorded == [])
        await OperatorHarness.expectNothingLeft(on: clock, allowingLostValue: true)
      }
    }
  }

  /// Two values due at one instant (send, send, flush): the second start opens a window too,
  /// so the value after it keeps the spacing.
  @Test func everyStartOpensAThrottlerWindow() async {
    let clock = TestClock.current
    let ran = Recorder<String>()
    let throttler = Throttler(
      for: .seconds(3), clock: clock, ran.startsAction(on: clock, working: .seconds(2)))
    throttler.send("a")
    throttler.send("b")
    throttler.flush()  // b is due at 0 too
    await clock.advance(to: .init(offset: .milliseconds(2500)))
    throttler.send("c")  // in b's window [2, 5)
    await clock.advance(by: .seconds(10))
    #expect(ran.recorded == ["a at +0s", "b at +2s", "c at +5s"])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  /// Found in review: a cancel while a long action ran left the idle timer task waiting.
  @Test func aCancelDuringALongActionEndsTheBurst() async {
    let clock = TestClock.current
    let ran = Recorder<Int>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: Int) in
      ran.record(value)
      try? await clock.sleep(for: .seconds(5))
    }
    debouncer.send(1)
    await clock.advance(by: .seconds(2))  // the action sleeps
    debouncer.cancel()
    await OperatorHarness.expectNothingLeft(on: clock)
    #expect(ran.recorded == [1])
    withExtendedLifetime(debouncer) {}
  }

  /// A flush leaves no timer sleeping toward the deadline it made pointless.
  @Test func aFlushEndsTheBurstWithoutWaitingForTheOldDeadline() async {
    let clock = TestClock.current
    let ran = Recorder<Int>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: Int) in
      ran.record(value)
    }
    debouncer.send(1)
    debouncer.flush()
    await OperatorHarness.expectNothingLeft(on: clock)
    #expect(ran.recorded == [1])
    #expect(clock.now == TestClock.Instant())
    withExtendedLifetime(debouncer) {}
  }
}
