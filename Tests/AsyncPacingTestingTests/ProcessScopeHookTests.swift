import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

#if compiler(>=6.3) && canImport(Glibc)
  /// The process scope borrows the runtime's global enqueue hook and gives it back. Each test runs
  /// in a process of its own: the hooks are the process's.
  @Suite(.capturesIssues) struct ProcessScopeHookTests {
    @Test func aHookInstalledBeforeIsCalledAndPutBack() async {
      await #expect(processExitsWith: .success) {
        RuntimeHookStandIn.installStandIn()
        let during = await globalHookWhileAScopedTaskSleeps()
        #expect(during == .ours)
        #expect(RuntimeHookStandIn.installedGlobalHook == .standIn)
        let callsBefore = RuntimeHookStandIn.standInCalls
        await Task.detached {}.value
        #expect(RuntimeHookStandIn.standInCalls > callsBefore)
      }
    }

    @Test func twoOverlappingScopesLeaveTheOriginalHook() async {
      await #expect(processExitsWith: .success) {
        #expect(RuntimeHookStandIn.installedGlobalHook == .none)
        let bothStarted = Rendezvous()
        let firstEnded = Rendezvous()
        async let first: Void = withTestClock(scope: .process) { _ in
          await bothStarted.arrive(as: 0)
        }
        async let second: Void = withTestClock(scope: .process) { _ in
          await bothStarted.arrive(as: 1)
          await firstEnded.arrive(as: 1)
          #expect(RuntimeHookStandIn.installedGlobalHook == .ours)
        }
        await first
        await firstEnded.arrive(as: 0)
        await second
        #expect(RuntimeHookStandIn.installedGlobalHook == .none)
      }
    }

    @Test func aHookInstalledOverOursIsLeftAndNamed() async {
      await expectIssues(["another hook replaced AsyncPacing's"]) {
        await #expect(processExitsWith: .success) {
          await withTestClock(scope: .process) { _ in
            RuntimeHookStandIn.installStandIn()
          }
          #expect(RuntimeHookStandIn.installedGlobalHook == .standIn)
        }
      }
    }

    /// Once a hook displaced ours and was left, the next scope is not installed over it (it
    /// reaches ours, which it calls): no loop, and it stays where it is.
    @Test func aScopeAfterADisplacementWorksThroughTheHookOverOurs() async {
      await expectIssues(["another hook replaced AsyncPacing's"]) {
        await #expect(processExitsWith: .success) {
          await withTestClock(scope: .process) { _ in RuntimeHookStandIn.installStandIn() }
          let woke = await globalHookWhileAScopedTaskSleeps()
          #expect(woke == .standIn)
          #expect(RuntimeHookStandIn.installedGlobalHook == .standIn)
        }
      }
    }

    @Test func aMainExecutorHookThatCameFirstIsNamed() async {
      let recorded = await recordedIssues {
        await #expect(processExitsWith: .success) {
          RuntimeHookStandIn.occupyMainExecutorHook()
          await withTestClock(scope: .process) { _ in }
        }
      }.map(\.message)
      #expect(recorded.count == 1, "\(recorded)")
      #expect(recorded.first?.contains("the process scope cannot work") == true)
      #expect(recorded.first?.contains("swift_task_getMainExecutor_hook") == true)
    }
  }

  /// The global hook in place when a plain task's sleep on a process-scoped clock wakes: the
  /// scope's work went through it.
  func globalHookWhileAScopedTaskSleeps() async -> RuntimeHookStandIn.InstalledHook {
    await withTestClock(scope: .process) { clock in
      let timer = Task { try? await clock.sleep(for: .seconds(1)) }
      await clock.advance(by: .seconds(1))
      await timer.value
      return RuntimeHookStandIn.installedGlobalHook
    }
  }
#endif

/// Two tasks meet here: each arrives with its index, and returns once both have.
actor Rendezvous {
  private var arrived: Set<Int> = []
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func arrive(as index: Int) async {
    arrived.insert(index)
    if arrived.count == 2 {
      for waiter in waiting { waiter.resume() }
      waiting.removeAll()
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }
}
