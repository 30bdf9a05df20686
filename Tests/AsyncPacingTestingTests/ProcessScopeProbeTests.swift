import AsyncPacing
import AsyncPacingTesting
import Dispatch
import IssueCapture
import Testing

#if compiler(>=6.3) && canImport(Glibc)
  /// What an adversarial probe of the process scope found holding, kept: cancelled real-clock
  /// sleeps in a storm leave nothing behind, and a task a Dispatch callback starts is not the
  /// test's.
  @Suite(.capturesIssues) struct ProcessScopeProbeTests {
    /// 200 plain tasks sleep on the real clock; every other one is cancelled at once. After
    /// settling, exactly the others wait; running the clock ends them all, and nothing is left.
    @Test(.testClock(scope: .process)) func aStormOfCancelledSleepsLeavesNothingBehind() async {
      let clock = TestClock.current
      let woke = Shared(0)
      var sleepers: [Task<Void, Never>] = []
      for index in 0..<200 {
        sleepers.append(
          Task {
            guard (try? await Task.sleep(for: .milliseconds(100 + index))) != nil else { return }
            woke.update { $0 += 1 }
          })
      }
      await clock.settle()
      for (index, sleeper) in sleepers.enumerated() where index.isMultiple(of: 2) {
        sleeper.cancel()
      }
      await clock.settle()
      #expect(clock.pendingSleeperCount == 100)
      await clock.run()
      for sleeper in sleepers { await sleeper.value }
      #expect(woke.value == 100)
      #expect(clock.pendingSleeperCount == 0)
    }

    /// A task that a Dispatch callback starts during the test runs as it would anywhere: its
    /// sleep is real, and the clock has nothing of it.
    @Test(.testClock(scope: .process)) func aTaskADispatchCallbackStartsIsNotTheTests() async {
      let clock = TestClock.current
      let slept = await withCheckedContinuation {
        (continuation: CheckedContinuation<Duration, Never>) in
        DispatchQueue.global().async {
          Task {
            let start = ContinuousClock.now
            try? await Task.sleep(for: .milliseconds(30))
            continuation.resume(returning: start.duration(to: .now))
          }
        }
      }
      #expect(slept >= .milliseconds(30))
      #expect(clock.pendingSleeperCount == 0)
      #expect(clock.now.offset == .zero)
    }
  }
#endif
