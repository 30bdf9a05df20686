import AsyncPacing
import AsyncPacingTesting
import Foundation  // ProcessInfo: the run count comes from the environment
import IssueCapture
import Synchronization
import Testing

// The runtime's global enqueue hook the process scope works through is used from Swift 6.3,
// on Linux.
#if compiler(>=6.3) && canImport(Glibc)
  /// Code nobody here wrote, tested as it is: plain `Task {}`s, `Task.detached`, real-clock
  /// sleeps with no clock injected, all exact under the process scope.
  @Suite(.capturesIssues, .testClock(scope: .process)) struct ProcessScopeTests {
    /// `ASYNCPACING_PROCESS_RUNS`, or a default that keeps `swift test` quick.
    static var runs: Int {
      ProcessInfo.processInfo.environment["ASYNCPACING_PROCESS_RUNS"].flatMap { Int($0) } ?? 20
    }

    /// Typing "a", then "ab" 100 ms later, into a 300 ms debouncer: nothing is saved at 399 ms,
    /// "ab" is at 400 ms.
    static func expectTheTypingIsDebounced(
      send: (String) async -> Void, saved: () async -> [String]
    ) async {
      let clock = TestClock.current
      let warned = clock.warnings.count
      await send("a")
      await clock.advance(by: .milliseconds(100))
      await send("ab")
      await clock.advance(by: .milliseconds(299))
      let early = await saved()
      await clock.advance(by: .milliseconds(1))
      let due = await saved()
      // A sleep recovered with a doubt (a loaded machine) may end later than asked: it is
      // warned of, and run, so that nothing is left behind.
      await clock.run()
      guard clock.warnings.count == warned else { return }
      #expect(early == [])
      #expect(due == ["ab"])
    }

    @Test(arguments: HandRolledDebouncerKind.allCases)
    func aHandRolledDebouncerIsExact(kind: HandRolledDebouncerKind) async {
      for _ in 0..<Self.runs {
        let debouncer = kind.make()
        await Self.expectTheTypingIsDebounced(
          send: { await debouncer.send($0) }, saved: { await debouncer.saved })
      }
      #expect(TestClock.current.diagnostics.isEmpty)
    }

    /// A `Debouncer` on the continuous clock, made and sent to in a detached task, which does
    /// not inherit the test's clock: its deadline is slept toward by a task the test takes (a
    /// sleeper on the timeline), not by the timer the continuous clock shares across the process,
    /// which no test sees. It reads the real clock's `now`, so it is not exact (a test gives
    /// such code its clock); what matters here is that nothing escapes.
    @Test func aRealClockDebouncersTimerIsTheTestsNotTheProcesss() async {
      let clock = TestClock.current
      let sleepers = clock.pendingSleeperCount
      let debouncer = await Task.detached {
        let debouncer = Debouncer(for: .seconds(300), clock: ContinuousClock()) { (_: String) in }
        debouncer.send("a")
        return debouncer
      }.value
      await clock.settle()
      #expect(clock.pendingSleeperCount == sleepers + 1)
      debouncer.cancel()
      await clock.settle()
      #expect(clock.pendingSleeperCount == sleepers)
    }

    /// swift-clocks' tests start the code under test in a plain `Task {}` that sleeps on the
    /// clock; a detached task's own plain task is the test's too.
    @Test func plainAndDetachedTasksSleepingOnTheClockAreExact() async {
      let clock = TestClock.current
      for _ in 0..<Self.runs {
        let woke = Shared<[String]>([])
        let plain = Task {
          try? await clock.sleep(for: .seconds(1))
          woke.update { $0.append("plain") }
        }
        let detached = Task.detached {
          await Task {
            try? await clock.sleep(for: .seconds(2))
            woke.update { $0.append("nested") }
          }.value
        }
        await clock.advance(by: .seconds(1))
        #expect(woke.value == ["plain"])
        await clock.advance(by: .seconds(1))
        #expect(woke.value == ["plain", "nested"])
        await plain.value
        await detached.value
      }
      #expect(clock.diagnostics.isEmpty)
    }

    /// Automatic advancing reaches a plain task's real-clock sleep too.
    @Test(.testClock(scope: .process, advancing: .automatic))
    func automaticAdvancingRunsAPlainTasksSleep() async {
      let slept = await Task {
        try? await Task.sleep(for: .seconds(90))
        return TestClock.current.now
      }.value
      if TestClock.current.warnings.isEmpty {
        #expect(slept.offset == .seconds(90))
      }
    }

    /// What the test's code started, under the process scope, is the test's: left running, it
    /// is leftover work.
    /// A task the test left waiting sleeps after the test is over: in real time, not frozen on
    /// a timeline nobody moves while the clock is still held. (Frozen, the suite's own clock
    /// would fail the test for making no progress.)
    @Test func aSleepAfterTheTestGoesOnInRealTime() async {
      let (gate, open) = AsyncStream.makeStream(of: Void.self)
      let (slept, done) = AsyncStream.makeStream(of: Void.self)
      let clock = await withTestClock(scope: .process) { clock in
        // Preferring the test executor: its sleep reaches the clock's executor when it comes.
        Task(executorPreference: clock.taskExecutor) {
          for await _ in gate { break }
          try? await Task.sleep(for: .milliseconds(20))
          done.yield()
        }
        await clock.settle()
        return clock  // still held: its timeline must not take the sleep
      }
      open.yield()
      for await _ in slept { break }
      #expect(clock.pendingSleeperCount == 0)
    }

    @Test func aPlainTaskLeftSleepingIsLeftoverWork() async {
      let leftBehind = Mutex<Task<Void?, Never>?>(nil)
      let recorded = await recordedIssues {
        await withTestClock(scope: .process) { clock in
          let timer = Task(name: "refresh") { try? await clock.sleep(for: .seconds(5)) }
          await clock.advance(by: .seconds(1))
          leftBehind.withLock { $0 = timer }  // neither awaited nor cancelled
        }
      }.map(\.message)
      // A task asleep on a clock nobody moves holds the clock, which holds the task: end it, so
      // that the leak checker finds nothing left.
      leftBehind.withLock { $0?.cancel() }
      #expect(recorded.count == 1, "\(recorded)")
      #expect(recorded.first?.contains("a sleep on the test clock, due at +5s") == true)
      #expect(recorded.first?.contains("registered from outside the test executor") == false)
    }
  }
#endif
