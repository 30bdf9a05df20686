import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// Turbine's own `FlowInScopeTest.kt` (cashapp/turbine): several flows in one test with
/// `turbineScope { flow.testIn(backgroundScope) }`, re-expressed with `clock.recording`.
@Suite(.capturesIssues, .testClock) struct TurbineScopeSpecTests {
  let clock = TestClock.current

  static func flow(_ elements: Int...) -> AsyncStream<Int> {
    AsyncStream { feed in
      for element in elements { feed.yield(element) }
      feed.finish()
    }
  }

  /// `multipleFlows`.
  @Test func multipleFlows() async {
    await clock.recording { scope in
      let first = scope.record(Self.flow(1))
      let second = scope.record(Self.flow(2))
      #expect(await first.nextElement() == 1)
      #expect(await second.nextElement() == 2)
      await first.expectFinish()
      await second.expectFinish()
    }
  }

  /// `unconsumedItemThrows`, `unconsumedCompleteThrows`: each recorder left with events is one
  /// issue, at its own `record` line, when the scope ends.
  @Test func unconsumedEventsFailEachAtItsRecordLine() async {
    let issues = await recordedIssues {
      await clock.recording { scope in
        _ = scope.record(AsyncStream<String> { $0.yield("item!") })
        _ = scope.record(Self.flow())
      }
    }
    #expect(issues.count == 2)
    #expect(issues.map(\.sourceLocation?.line) == [#line - 5, #line - 4])
  }

  /// `failsOnDefaultTimeout`, in a scope: the await fails at its line, and the scope ends.
  @Test func anAwaitTimesOutInAScope() async {
    await expectIssues(["expected an event, but none came"]) {
      await clock.recording { scope in
        let never = scope.record(AsyncStream<Int> { _ in })
        _ = await never.nextElement(timeout: .milliseconds(10))
      }
    }
  }
}
