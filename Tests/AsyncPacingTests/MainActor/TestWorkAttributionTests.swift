import AsyncPacing
import AsyncPacingTesting
import Dispatch
import IssueCapture
import Testing

@testable import AsyncPacing
@testable import AsyncPacingTestClock

// The runtime's hooks and the scheduling executor that these tests prove exist from Swift 6.3,
// on Linux; elsewhere the earlier rules apply (see the contract's "Before Swift 6.3").
#if compiler(>=6.3) && canImport(Glibc)
  /// Whose work a job is: the test's main-actor work and everything it runs stays the test's,
  /// wherever it is resumed from; nothing else is taken onto the test executor.
  @Suite(.capturesIssues) struct TestWorkAttributionTests {
    /// Task addresses are reused at once; a detached task that reuses the address of a finished
    /// main-actor task of the test still escapes.
    @Test func aDetachedTaskIsNotTakenForAFinishedMainActorTask() async {
      let recorded = await recordedIssues {
        await withTestClock { _ in
          var taken = 0
          for _ in 0..<300 {
            let mainActorTask = await MainActor.run { Task { @MainActor in } }
            await mainActorTask.value
            let detached = Task.detached { TestContext.current != nil }
            if await detached.value { taken += 1 }
          }
          #expect(taken == 0)
        }
      }.map(\.message)
      // Each detached task escapes, and the warning counts them all.
      #expect(recorded.count == 1, "\(recorded)")
      #expect(recorded.first?.contains("started 300 task(s) outside its task tree") == true)
    }

    /// A driver outside the test executor that settles is resumed where it runs, not moved.
    @Test func aDriverOutsideTheExecutorStaysOutside() async {
      let recorded = await recordedIssues {
        await withTestClock { clock in
          for _ in 0..<50 {
            async let busy: Void = clock.sleep(for: .seconds(1))  // a sleeper to settle around
            let driver = Task.detached {
              await clock.settle()
              return TestContext.current == nil
            }
            let stayedOutside = await driver.value
            #expect(stayedOutside)
            await clock.advance(by: .seconds(1))
            try? await busy
          }
        }
      }.map(\.message)
      #expect(recorded.count == 1, "\(recorded)")
      #expect(recorded.first?.contains("started 50 task(s) outside its task tree") == true)
    }

    /// A main-actor task resumed by a Dispatch callback is still the test's: its sleep is exact
    /// and no escape is reported.
    @MainActor @Test(.testClock) func aMainActorTaskResumedFromAnotherThreadStaysTheTests() async {
      let clock = TestClock.current
      for _ in 0..<20 {
        let start = clock.now
        let work = RequeueingWork()
        let task = Task {
          await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { resumed.resume() }
          }
          await work.run(requeueing: 1, clock: clock)
        }
        // The callback's thread is outside the clock: wait until the sleep is there.
        while clock.pendingSleeperCount == 0 { await Task.yield() }
        await clock.advance(by: .seconds(1))
        let finishedAt = work.finishedAt
        await task.value
        #expect(finishedAt == start.advanced(by: .seconds(1)))
      }
      #expect(clock.diagnostics.isEmpty)
    }

    /// The children of a main-actor `Task {}` run off the main actor: on the test executor.
    @MainActor @Test(.testClock) func childrenOfAMainActorTaskAreSettled() async {
      let clock = TestClock.current
      for _ in 0..<20 {
        let start = clock.now
        let work = RequeueingWork()
        let task = Task {
          async let slept: Void = { try? await clock.sleep(for: .seconds(1)) }()
          await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: .seconds(1)) }
          }
          await slept
          await work.run(requeueing: 0, clock: clock)  // one more second, on the main actor
        }
        await clock.advance(by: .seconds(2))
        let finishedAt = work.finishedAt
        await task.value
        #expect(finishedAt == start.advanced(by: .seconds(2)))
      }
      #expect(clock.diagnostics.isEmpty)
    }
  }
#endif
