import AsyncPacing
import AsyncPacingTesting
import Testing

/// On a test clock, an operator's or pacer's pending deadline is a sleeper of the clock's own,
/// with no task waiting for it (AsyncPacing's seam, `PacingHost.wake(at:fromWakeUp:_:)`).
@Suite struct TestClockWakeUpTests {
  @Test(.testClock) func aPendingPacerIsASleeperOfTheClockAndNoTask() async {
    let clock = TestClock.current
    let ran = Recorder<Int>()
    let save = Debouncer(for: .seconds(1)) { (value: Int) in ran.record(value) }
    save(1)
    await clock.settle()
    #expect(clock.pendingSleeperCount == 1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: .seconds(1)))
    #expect(clock.internalTasks.liveCount == 0)
    save.cancel()
    #expect(clock.pendingSleeperCount == 0)
    await clock.advance(by: .seconds(2))
    #expect(ran.recorded.isEmpty)
    #expect(clock.internalTasks.startedCount == 0)
  }

  @Test(.testClock) func aWakeUpWithdrawnOnItsWayToTheClockNeverJoinsIt() async {
    let clock = TestClock.current
    let save = Debouncer(for: .seconds(1), clock: clock) { (_: Int) in }
    save(1)
    save.cancel()  // before the executor ran the wake-up's first job
    await clock.settle()
    #expect(clock.pendingSleeperCount == 0)
    #expect(clock.nextDeadline == nil)
  }

  @Test(.testClock) func aHeldIteratorKeepsItsReaderAndASleeper() async {
    let clock = TestClock.current
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    let debounced = stream.debounce(for: .seconds(1), clock: AnyClock(clock))
    let consumer = Task(executorPreference: clock.taskExecutor) {
      var iterator = debounced.makeAsyncIterator()
      return await iterator.next()
    }
    feed.yield(7)
    await clock.settle()
    #expect(clock.internalTasks.liveCount == 1)  // the reader
    #expect(clock.pendingSleeperCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(await consumer.value == 7)
    feed.finish()
    await clock.settle()
    #expect(clock.internalTasks.liveCount == 0)
    #expect(clock.pendingSleeperCount == 0)
  }

  /// A debouncer on the scope's clock whose action records the test it runs for and whether
  /// it sees the test's clock bound, and the record.
  private static func debouncerRecordingItsContext() -> (Debouncer<Int>, Recorder<String>) {
    let clock = TestClock.current
    let seen = Recorder<String>()
    let save = Debouncer(for: .seconds(1)) { (_: Int) in
      seen.record(Test.current?.name ?? "no test")
      let bound = PacingDefaults.clock as? TestClock
      seen.record(bound === clock ? "the test's clock" : "another clock")
    }
    return (save, seen)
  }

  /// The action's task starts from the code that moved time, so it carries the test's task-local
  /// values: an expectation in it counts for the test, and it reads the test's clock.
  @Test(.testClock) func anActionAtAWakeUpRunsInTheTestsContext() async {
    let (save, seen) = Self.debouncerRecordingItsContext()
    save(1)
    await TestClock.current.advance(by: .seconds(1))
    #expect(seen.recorded == ["anActionAtAWakeUpRunsInTheTestsContext()", "the test's clock"])
  }

  /// The same when automatic advancing moves time, in a task of the test's.
  @Test(.testClock(advancing: .automatic)) func anActionAtAnAutomaticWakeUpRunsInTheTestsContext()
    async throws
  {
    let (save, seen) = Self.debouncerRecordingItsContext()
    save(1)
    try await TestClock.current.sleep(for: .seconds(2))
    #expect(
      seen.recorded == [
        "anActionAtAnAutomaticWakeUpRunsInTheTestsContext()", "the test's clock",
      ])
  }

  @Test func aClockInManualModeKeepsNoWakeUps() {
    let wakeUp = TestClock().wake(at: TestClock.Instant(offset: .seconds(1)), fromWakeUp: false) {}
    #expect(wakeUp == nil)
  }
}
