import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

#if compiler(>=6.3) && canImport(Glibc)
  /// Test clocks nested in each other: a task the inner body starts with a plain `Task {}` goes
  /// to the innermost clock whose scope takes it, and never to none when one does.
  @Suite(.capturesIssues) struct NestedTestClockTests {
    enum Taker: Sendable { case inner, outer, neither }

    /// Which clock takes a plain task's 300 ms sleep, started in the inner body.
    static func takerOfAPlainTask(
      outer outerScope: TestClock.Scope, inner innerScope: TestClock.Scope
    ) async -> Taker {
      await withTestClock(scope: outerScope) { outer in
        await withTestClock(scope: innerScope) { inner in
          let task = Task { try? await Task.sleep(for: .milliseconds(300)) }
          await inner.settle()
          await outer.settle()
          let taker: Taker =
            switch (outer.pendingSleeperCount, inner.pendingSleeperCount) {
            case (0, 1): .inner
            case (1, 0): .outer
            default: .neither
            }
          task.cancel()
          await task.value
          await inner.settle()
          await outer.settle()
          return taker
        }
      }
    }

    @Test func aTaskTreeClockInsideTheProcessScopeLeavesNoHole() async {
      for _ in 0..<ProcessScopeIndependenceTests.runs {
        #expect(await Self.takerOfAPlainTask(outer: .process, inner: .taskTree) == .outer)
      }
    }

    @Test func theProcessScopeInsideATaskTreeClockTakesItsTasks() async {
      #expect(await Self.takerOfAPlainTask(outer: .taskTree, inner: .process) == .inner)
    }

    @Test func theInnerOfTwoProcessScopesTakesItsTasks() async {
      #expect(await Self.takerOfAPlainTask(outer: .process, inner: .process) == .inner)
    }

    /// No scope takes a plain task here: it escapes both, as the task-tree scope says, and the
    /// inner clock, whose body started it, warns of it.
    @Test func aPlainTaskEscapesTwoTaskTreeClocks() async {
      let recorded = await recordedIssues {
        #expect(await Self.takerOfAPlainTask(outer: .taskTree, inner: .taskTree) == .neither)
      }.map(\.message)
      #expect(recorded.count == 1, "\(recorded)")
      #expect(recorded.first?.contains("the test's code started 1 task(s) outside") == true)
    }

    /// The outer clock takes the inner body's plain task for good: its sleep is virtual, on the
    /// outer timeline, after the inner body has returned.
    @Test func aTaskTheOuterScopeTakesSleepsOnItsTimeline() async {
      await withTestClock(scope: .process) { outer in
        let task = await withTestClock { _ in
          Task { () -> TestClock.Instant in
            try? await Task.sleep(for: .seconds(90))
            return outer.now
          }
        }
        await outer.run()
        let woke = await task.value
        if outer.warnings.isEmpty {
          #expect(woke.offset == .seconds(90))
        }
      }
    }
  }
#endif
