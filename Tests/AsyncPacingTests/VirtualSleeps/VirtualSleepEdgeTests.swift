import AsyncPacing
import AsyncPacingTesting
import Dispatch
import IssueCapture
import Synchronization
import Testing

// The scheduling executor these tests prove exists from Swift 6.3, on Linux.
#if compiler(>=6.3) && canImport(Glibc)
  /// The edges an independent review found in virtual real-clock sleeps.
  @Suite(.capturesIssues) struct VirtualSleepEdgeTests {
    /// A `Task.sleep` timer repeating in an `async let` is no progress of the body: automatic
    /// advancing stops at its limit, as it does for a repeating test-clock timer.
    @Test func aRepeatingTaskSleepTimerStopsAutoAdvance() async {
      let recorded = await recordedIssues {
        await withTestClock(
          advancing: .automatic(maxAdvancesWithoutProgress: 50), progressTimeout: .seconds(30)
        ) { clock in
          async let ticking: Void = {
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) }
          }()
          // The body waits for something the clock does not time.
          await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
            DispatchQueueAfter.resume(resumed, afterMilliseconds: 300)
          }
          _ = await ticking
        }
      }.map(\.message)
      #expect(recorded.count == 1)
      #expect(recorded.first?.contains("advances") == true, "\(recorded)")
    }

    /// Work before the call in the same job may hold it up, as far as the clock can tell: the
    /// window the request lies in widens by it. After 60 ms of work a 250 ms sleep is taken from
    /// the window's top 20 ms, never more than that below the request, and warned of.
    @Test func workBeforeASleepIsWarnedOf() async {
      let slept = Mutex(Duration.zero)
      let warnings = Mutex<[String]>([])
      await withTestClock(advancing: .automatic) { clock in
        let start = clock.now
        let busyUntil = ContinuousClock.now.advanced(by: .milliseconds(60))
        while ContinuousClock.now < busyUntil {}
        try? await Task.sleep(for: .milliseconds(250))
        slept.withLock { $0 = start.duration(to: clock.now) }
        warnings.withLock { $0 = clock.warnings }
      }
      let taken = slept.withLock { $0 }
      #expect(taken >= .milliseconds(290))
      let warning = warnings.withLock { $0 }
      #expect(warning.count == 1)
      #expect(warning.first?.contains("could have been anything from ") == true, "\(warning)")
    }

    /// Work before an `await` is no part of what follows it: a sleep after settling starts a
    /// stretch of its own, however long the body worked before.
    @Test func aSleepAfterSettlingIsNotHeldUpByTheWorkBefore() async {
      let slept = Mutex(Duration.zero)
      await withTestClock(advancing: .automatic) { clock in
        let busyUntil = ContinuousClock.now.advanced(by: .milliseconds(200))
        while ContinuousClock.now < busyUntil {}
        await clock.settle()
        let start = clock.now
        try? await Task.sleep(for: .milliseconds(100))
        slept.withLock { $0 = start.duration(to: clock.now) }
      }
      // Held up by the 200 ms of work, it would be taken from its window's top: 280 ms or more.
      #expect(slept.withLock { $0 } <= .milliseconds(150))
    }

    /// The end of a test whose real-clock sleep was recovered with a doubt records one warning
    /// naming it, which fails nothing.
    @Test func aDoubtfulSleepIsOneWarningAtTheEnd() async {
      let reporter = ReportsKept()
      let here = TestSourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: 1)
      await TestClockDriver.run(
        scope: .taskTree, advancing: .automatic, progressTimeout: .seconds(30), location: here,
        api: "withTestClock", startsOnMainActor: false, reporter: reporter
      ) { _ in
        let busyUntil = ContinuousClock.now.advanced(by: .milliseconds(30))
        while ContinuousClock.now < busyUntil {}
        try? await Task.sleep(for: .milliseconds(250))
      }
      let reports = reporter.reports
      #expect(reports.map(\.kind) == [.warning])
      #expect(
        reports.first?.message.contains("1 real-clock sleep(s) of the test were recovered") == true)
      #expect(reports.first?.message.contains("give the code the clock") == true)
    }

    /// A task that outlives its test keeps its executor, not the clock: its sleeps are real,
    /// not immediate.
    @Test func sleepsAfterTheClockIsGoneAreReal() async {
      // Plain form: the executor is meant to outlive its clock, which the trait would not allow.
      let executor = await withTestClock { $0.taskExecutor }
      let loops = Mutex(0)
      let looping = Task(executorPreference: executor) {
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(50))
          loops.withLock { $0 += 1 }
        }
      }
      try? await Task.sleep(for: .milliseconds(200))
      looping.cancel()
      await looping.value
      #expect(loops.withLock { $0 } < 20)
    }

    /// A pacer given `ContinuousClock()` explicitly, used from main-actor code, stays on the
    /// real clock: nothing of it joins the test's timeline, and a warning names it.
    @MainActor @Test func anExplicitRealClockPacerOnTheMainActorStaysReal() async {
      let recorded = await recordedIssues {
        await withTestClock { clock in
          let saved = Mutex(0)
          let save = Debouncer(for: .seconds(3600), clock: ContinuousClock()) {
            saved.withLock { $0 += 1 }
          }
          save()
          await clock.advance(by: .seconds(3600))
          #expect(saved.withLock { $0 } == 0)
          #expect(clock.pendingSleeperCount == 0)
          save.cancel()
        }
      }.map(\.message)
      #expect(recorded.count == 1, "\(recorded)")
      #expect(
        recorded.first?.contains("explicit real clock (Debouncer(for:clock:) on ContinuousClock)")
          == true)
    }
  }

  /// Resumes a continuation from a Dispatch timer: something no test clock drives.
  enum DispatchQueueAfter {
    static func resume(_ continuation: CheckedContinuation<Void, Never>, afterMilliseconds: Int) {
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(afterMilliseconds)) {
        continuation.resume()
      }
    }
  }

  /// A reporter that keeps what a test clock reports, for a test to read.
  final class ReportsKept: TestReporting {
    struct Report: Sendable {
      var message: String
      var kind: TestReportKind
    }

    private let kept = Mutex<[Report]>([])

    init() {}

    var reports: [Report] { kept.withLock { $0 } }

    func record(_ message: String, at location: TestSourceLocation, as kind: TestReportKind) {
      kept.withLock { $0.append(Report(message: message, kind: kind)) }
    }

    func runObservingFailures(
      isolation: isolated (any Actor)?, _ body: () async -> Void
    ) async -> Bool {
      await body()
      return reports.contains { $0.kind == .failure }
    }
  }
#endif
