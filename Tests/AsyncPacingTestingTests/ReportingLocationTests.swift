import AsyncPacing
import IssueCapture
import Synchronization
import Testing

@testable import AsyncPacingTesting

/// In a Swift Testing test, each public function's failure is an issue at the caller's line
/// through its `fileID:filePath:line:column:` defaults, and at the given place through its
/// `sourceLocation:` form (AsyncPacingXCTests checks the same under XCTest).
@Suite(.capturesIssues) struct ReportingLocationTests {
  @Test(.testClock) func eachDefaultedFormReportsAtTheCallersLine() async {
    let clock = TestClock.current
    var lines: [Int] = []
    let issues = await recordedIssues {
      _ = clock.marbles("a-b", step: .zero)
      lines.append(#line - 1)
      _ = clock.marbles("a-b", step: .seconds(1), values: ["a": 1])
      lines.append(#line - 1)
      _ = await clock.marbles(of: clock.marbles("a|", step: .seconds(1)), step: .zero)
      lines.append(#line - 1)
      await clock.expectMarbles(
        "b|", of: clock.marbles("a|", step: .seconds(1)), step: .seconds(1))
      lines.append(#line - 2)
      await clock.record(clock.marbles("a|", step: .seconds(1))) { events in
        await events.expectFinish()
        lines.append(#line - 1)
        _ = await events.nextElement()
        lines.append(#line - 1)
        _ = await events.next()
        lines.append(#line - 1)
        await events.expectFailure()
        lines.append(#line - 1)
      }
      await clock.record(clock.marbles("a|", step: .seconds(1)), maxAdvances: 0) { events in
        events.ignoreRemainingEvents()
      }
      lines.append(#line - 3)
      let unused = UnimplementedClock(name: "Feed.clock")
      lines.append(#line - 1)
      _ = unused.now
      let alsoUnused: UnimplementedClock = .unimplemented("Search.clock")
      lines.append(#line - 1)
      _ = alsoUnused.now
    }
    #expect(issues.map { $0.sourceLocation?.line } == lines, "\(issues.map(\.message))")
    #expect(issues.allSatisfy { $0.sourceLocation?.fileID == #fileID })
  }

  @Test func eachSourceLocationFormReportsThere() async {
    let here = SourceLocation(
      fileID: "Feature/Helper.swift", filePath: "/Helper.swift", line: 7, column: 1)
    let issues = await recordedIssues {
      await withTestClock(progressTimeout: .seconds(60), sourceLocation: here) { clock in
        _ = clock.marbles("a-b", step: .zero, sourceLocation: here)
        _ = clock.marbles("a", step: .seconds(1), values: ["b": 1], sourceLocation: here)
        _ = await clock.marbles(
          of: clock.marbles("a|", step: .seconds(1)), step: .zero, sourceLocation: here)
        await clock.expectMarbles(
          "b|", of: clock.marbles("a|", step: .seconds(1)), step: .seconds(1),
          sourceLocation: here)
        await clock.record(clock.marbles("a|", step: .seconds(1)), sourceLocation: here) {
          events in
          await events.expectFinish(sourceLocation: here)
          _ = await events.nextElement(sourceLocation: here)
          _ = await events.next(sourceLocation: here)
          await events.expectFailure(sourceLocation: here)
        }
        await clock.record(clock.marbles("a|", step: .seconds(1))) { events in
          await events.expectNoEvents(sourceLocation: here)
          events.ignoreRemainingEvents()
        }
        _ = UnimplementedClock(name: "Feed.clock", sourceLocation: here).now
        _ = UnimplementedClock.unimplemented("Search.clock", sourceLocation: here).now
      }
    }
    #expect(issues.count == 11, "\(issues.map(\.message))")
    #expect(issues.allSatisfy { $0.sourceLocation == here }, "\(issues.map(\.sourceLocation))")
  }

  /// The test clock's module imports no testing library: it finds this one's reporter at run
  /// time, and a failure of the lifecycle is an issue at the caller's line.
  @Test func theTestClockFindsTheTestingLibrarysReporter() async {
    #expect(TestReporters.current is TestingLibraryReporter)
    #expect(TestingLibraryReporter.isTestRun)
    var line = 0
    let leftBehind = Mutex<Task<Void?, Never>?>(nil)
    let issues = await recordedIssues {
      await withTestClock { clock in
        let poll = Task(executorPreference: clock.taskExecutor) {
          try? await clock.sleep(for: .seconds(5))
        }
        clock.addBackgroundTask { throw CancelledSave() }
        await clock.settle()
        leftBehind.withLock { $0 = poll }  // neither awaited nor cancelled: left behind
      }
      line = #line - 8
    }
    // A task asleep on a clock nobody moves holds the clock, which holds the task: end it, so
    // that the leak checker finds nothing left.
    leftBehind.withLock { $0?.cancel() }
    #expect(issues.count == 2, "\(issues.map(\.message))")
    #expect(
      issues.allSatisfy { $0.sourceLocation?.line == line && $0.sourceLocation?.fileID == #fileID })
  }

  struct CancelledSave: Error {}
}
