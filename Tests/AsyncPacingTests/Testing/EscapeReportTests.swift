import AsyncPacing
import AsyncPacingTesting
import Foundation  // ProcessInfo: the only way to read the run count from the environment
import IssueCapture
import Synchronization
import Testing

// The runtime's hooks and the scheduling executor that these tests prove exist from Swift 6.3,
// on Linux; elsewhere the earlier rules apply (see the contract's "Before Swift 6.3").
#if compiler(>=6.3) && canImport(Glibc)
  private struct LeftBehind: Sendable {
    var clock: TestClock
    var task: Task<Void, Never>
  }

  /// Work that escapes the test executor and the main actor is named in every run: while the
  /// test runs, as an issue; after its body returned, printed and kept in the clock's
  /// diagnostics.
  @Suite(.capturesIssues) struct EscapeReportTests {
    /// `ASYNCPACING_ESCAPE_RUNS`, or a default that keeps `swift test` quick.
    static var runs: Int { measuredRuns ?? 20 }
    static var measuredRuns: Int? {
      ProcessInfo.processInfo.environment["ASYNCPACING_ESCAPE_RUNS"].flatMap { Int($0) }
    }

    /// A body that starts a plain `Task {}` sleeping on the clock, advances and returns without
    /// waiting for it.
    @Test func aPlainTaskLeftBehindIsReportedInEveryRun() async {
      var reportedWhileRunning = 0
      var reportedAfterTheTest = 0
      for _ in 0..<Self.runs {
        var clock: TestClock?
        var leftBehind: Task<Void, Never>?
        let recorded = await recordedIssues {
          let ended = await withTestClock { clock in
            // Checked below: a passing run prints nothing.
            clock.stopPrintingDiagnostics()
            let task = Task { _ = try? await clock.sleep(for: .seconds(1)) }
            await clock.advance(by: .seconds(2))
            return LeftBehind(clock: clock, task: task)
          }
          clock = ended.clock
          leftBehind = ended.task
        }.map(\.message)
        // The sleep, while the test runs, and the task the body started, always.
        #expect(recorded.last?.contains("the test's code started 1 task(s) outside") == true)
        #expect(
          recorded.dropLast().allSatisfy { $0.contains("outside the test executor") },
          "\(recorded)")
        guard let clock, let leftBehind else { return }
        // The task may reach the clock after the test: let it, then end it.
        while clock.diagnostics.isEmpty { await Task.yield() }
        leftBehind.cancel()
        await leftBehind.value
        let diagnostics = clock.diagnostics.joined()
        if diagnostics.contains("after its body had returned") { reportedAfterTheTest += 1 }
        if diagnostics.contains("outside the test executor and the main actor") {
          reportedWhileRunning += 1
        }
      }
      // Each run reported it exactly once, one way or the other.
      #expect(reportedWhileRunning + reportedAfterTheTest == Self.runs)
      // A measurement, asked for with the variable: a passing run of the default prints nothing.
      if Self.measuredRuns != nil {
        print(
          "EscapeReportTests: \(Self.runs) runs, reported while the test ran "
            + "\(reportedWhileRunning), after it \(reportedAfterTheTest)")
      }
    }

    /// A sequence operator iterated in a `Task.detached` is named as it starts.
    @Test func anOperatorIteratedInADetachedTaskIsNamed() async {
      let recorded = await recordedIssues {
        await withTestClock { clock in
          let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
          let consumer = Task.detached {
            for await _ in numbers.debounce(for: .seconds(1), clock: clock) {}
          }
          feed.finish()
          await consumer.value
        }
      }.map(\.message)
      #expect(recorded.count == 2, "\(recorded)")
      #expect(recorded.first?.contains("is iterated outside the test executor") == true)
      // The warning names the task the body started.
      #expect(recorded.last?.contains("the test's code started 1 task(s) outside") == true)
    }

    /// A hand-rolled debouncer whose timer runs in a plain `Task {}` gets a test wrong: a
    /// warning names the escaped task, whether or not it reached the clock before the test
    /// ended, and whether or not the test failed.
    @Test func aFailureAfterEscapedTasksNamesThem() async {
      for _ in 0..<Self.runs {
        let recorded = await recordedIssues {
          await withTestClock { clock in
            clock.stopPrintingDiagnostics()
            let saved = Mutex(0)
            let pending = Task {  // the hand-rolled timer: not on the test executor
              try? await clock.sleep(for: .seconds(1))
              saved.withLock { $0 += 1 }
            }
            await clock.advance(by: .seconds(1))
            #expect(saved.withLock { $0 } == 1, "fails whenever the task was late")
            Issue.record("the failure the hint comes with")
            pending.cancel()
          }
        }.map(\.message)
        #expect(recorded.contains("the failure the hint comes with"))
        #expect(recorded.contains { $0.contains("the test's code started 1 task(s) outside") })
      }
    }
  }
#endif
