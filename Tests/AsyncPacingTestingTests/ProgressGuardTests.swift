import AsyncPacing
import AsyncPacingTesting
import Dispatch
import Foundation  // ProcessInfo: the repeat count comes from the environment
import IssueCapture
import Synchronization
import Testing

/// Each way a timing test used to hang now fails within its guard, naming the cause.
@Suite(.capturesIssues) struct ProgressGuardTests {
  /// `ASYNCPACING_MISUSE_RUNS=100 swift test --filter ProgressGuardTests` is the proof that
  /// none hangs; CI repeats each a few times.
  static let runs =
    ProcessInfo.processInfo.environment["ASYNCPACING_MISUSE_RUNS"].flatMap { Int($0) } ?? 3
  static let shortGuard = Duration.milliseconds(200)

  /// Runs `body` `runs` times and expects, each time, an issue containing every fragment.
  static func expectEachRunFails(
    naming fragments: [String], advancing: TestClock.Advancing = .manual,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable (TestClock) async -> Void
  ) async {
    for _ in 0..<runs {
      let recorded = await recordedIssues(sourceLocation: sourceLocation) {
        await withTestClock(advancing: advancing, progressTimeout: shortGuard) {
          await body($0)
        }
      }.map(\.message)
      let named = recorded.contains { message in fragments.allSatisfy(message.contains) }
      #expect(named, "\(recorded)", sourceLocation: sourceLocation)
    }
  }

  @Test func aSleepNobodyAdvancesNamesItsDeadline() async {
    await Self.expectEachRunFails(naming: ["1 sleeper(s) wait", "deadlines +1s (now +0s)"]) {
      clock in try? await clock.sleep(for: .seconds(1))
    }
  }

  @Test func awaitingADebouncedFirstBeforeAdvancingNamesTheTimer() async {
    await Self.expectEachRunFails(naming: ["sleeper(s) wait", "+0.3s", "advancing: .automatic"]) {
      clock in
      let (queries, typing) = AsyncStream.makeStream(of: String.self)
      typing.yield("swift")
      _ = await queries.debounce(for: .milliseconds(300), clock: clock).first { _ in true }
    }
  }

  @Test func forAwaitOverADebouncedSequenceNamesTheTimer() async {
    await Self.expectEachRunFails(naming: ["sleeper(s) wait", "+0.3s"]) { clock in
      let (queries, typing) = AsyncStream.makeStream(of: String.self)
      typing.yield("swift")
      for await _ in queries.debounce(for: .milliseconds(300), clock: clock) {}
      typing.finish()
    }
  }

  @Test func aProducerInAPlainTaskIsNamedWhetherItHangsOrNot() async {
    await Self.expectEachRunFails(naming: ["outside the test executor"]) { clock in
      let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
      let producer = Task {
        try? await clock.sleep(for: .seconds(1))
        feed.yield(1)
        feed.finish()
      }
      while clock.pendingSleeperCount == 0 && !Task.isCancelled { await Task.yield() }
      await clock.advance(by: .seconds(1))
      for await _ in numbers {}
      producer.cancel()
    }
  }

  /// An explicit real clock keeps real time under either scope: the hint says to pass the
  /// test's clock, never to use the process scope, which would not fix it.
  @Test(arguments: [TestClock.Scope.taskTree, .process])
  func codeGivenARealClockGetsTheHintWithItsFailure(scope: TestClock.Scope) async {
    for _ in 0..<Self.runs {
      let recorded = await recordedIssues {
        await withTestClock(scope: scope, progressTimeout: Self.shortGuard) { clock in
          let saves = Mutex(0)
          // A real clock of its own: the test clock does not reach it.
          let save = Debouncer(for: .seconds(60), clock: ContinuousClock()) {
            saves.withLock { $0 += 1 }
          }
          save()
          await clock.advance(by: .seconds(60))
          #expect(saves.withLock { $0 } == 1)
          save.cancel()
        }
      }.map(\.message)
      let hint = recorded.last ?? ""
      #expect(
        hint.hasPrefix(
          "Made with an explicit real clock inside the test clock's scope: "
            + "Debouncer(for:clock:) on ContinuousClock"), "\(recorded)")
      #expect(!hint.contains("process scope"))
      #if compiler(>=6.3) && canImport(Glibc)
        // Under the process scope the pacer's tasks are taken: no escape warning either.
        if scope == .process {
          #expect(!recorded.contains { $0.contains("process scope") }, "\(recorded)")
        }
      #endif
    }
  }

  @Test func autoAdvanceStopsARepeatingTimerAndSaysSo() async {
    for _ in 0..<Self.runs {
      let recorded = await recordedIssues {
        await withTestClock(
          advancing: .automatic(maxAdvancesWithoutProgress: 50), progressTimeout: .seconds(30)
        ) { clock in
          let ticker = Task(executorPreference: clock.taskExecutor) {
            while !Task.isCancelled { try? await clock.sleep(for: .seconds(1)) }
          }
          let (never, _) = AsyncStream.makeStream(of: Int.self)
          for await _ in never {}
          ticker.cancel()
        }
      }.map(\.message)
      #expect(recorded.count == 1)
      #expect(recorded.first?.contains("stopped after 50 advances in a row") == true)
    }
  }

  @Test func autoAdvanceStopsARepeatingTimerInAChildTaskToo() async {
    // The child's wake-ups are jobs of the body's tasks, but not progress.
    await Self.expectEachRunFails(
      naming: ["stopped after 50 advances in a row"],
      advancing: .automatic(maxAdvancesWithoutProgress: 50)
    ) { clock in
      await withTaskGroup { group in
        group.addTask {
          while !Task.isCancelled { try? await clock.sleep(for: .seconds(1)) }
        }
        let (never, _) = AsyncStream.makeStream(of: Int.self)
        for await _ in never {}
        group.cancelAll()
      }
    }
  }

  /// A program that links no testing library (the `TestClockTour` example) finds no reporter:
  /// the failure stops the process, naming its cause.
  @Test func withoutATestingLibraryTheCauseStopsTheProcess() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let here = TestSourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: 1)
      await TestClockDriver.run(
        scope: .taskTree, advancing: .manual, progressTimeout: .milliseconds(100), location: here,
        api: "withTestClock", startsOnMainActor: false, reporter: ProcessReporter()
      ) { clock in
        try? await clock.sleep(for: .seconds(1))
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("made no progress for 0.1 seconds"))
    #expect(message.contains("1 sleeper(s) wait on this clock"))
  }

  @Test func aBodyThatIgnoresItsCancellationStopsTheProcess() async {
    var result: ExitTest.Result?
    // The exit test passes on the issue the guard recorded before the process stopped.
    let recorded = await recordedIssues {
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await withTestClock(progressTimeout: .milliseconds(100)) { _ in
          let ignoresCancellation = DispatchSemaphore(value: 0)
          await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
              ignoresCancellation.wait()
              done.resume()
            }
          }
        }
      }
    }.map(\.message)
    #expect(recorded.count == 1)
    #expect(recorded.first?.contains("made no progress for 0.1 seconds") == true)
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("ignored its cancellation for another 0.1 seconds"))
  }
}
