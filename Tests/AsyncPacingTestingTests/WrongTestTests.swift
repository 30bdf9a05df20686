import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Synchronization
import Testing

/// The mistakes a new user made that used to pass silently or take the run down: each is now
/// reported, naming its own cause.
@Suite(.capturesIssues) struct WrongTestTests {
  // Escapes are seen through the runtime's hooks: Swift 6.3 on Linux.
  #if compiler(>=6.3) && canImport(Glibc)
    /// A plain `Task {}` under the default scope, and an assertion that holds only because its
    /// work never ran: the test still passes, but never quietly.
    @Test func aPlainTaskWhoseWorkNeverRanIsWarnedOf() async {
      let recorded = await recordedIssues {
        await withTestClock { clock in
          let synced = Mutex<[String]>([])
          let sync = Task {
            try? await Task.sleep(for: .seconds(5))
            synced.withLock { $0.append("draft") }
          }
          await clock.advance(by: .seconds(5))
          let isEmpty = synced.withLock { $0.isEmpty }
          #expect(isEmpty)  // wrong: true only because the task escaped
          sync.cancel()
        }
      }.map(\.message)
      #expect(recorded.count == 1, "\(recorded)")
      #expect(recorded.first?.contains("started 1 task(s) outside its task tree") == true)
      #expect(recorded.first?.contains("use the process scope") == true)
    }

    /// A task left running a real three-second sleep when the test ends.
    @Test func aTaskStillSleepingWhenTheTestEndsIsWarnedOf() async {
      let leftRunning = Mutex<Task<Void, Never>?>(nil)
      let recorded = await recordedIssues {
        await withTestClock { _ in
          leftRunning.withLock { $0 = Task { try? await Task.sleep(for: .seconds(3)) } }
        }
      }.map(\.message)
      leftRunning.withLock { $0?.cancel() }
      #expect(recorded.count == 1, "\(recorded)")
      #expect(recorded.first?.contains("started 1 task(s) outside its task tree") == true)
    }

    /// A failing test whose code was not given the clock under the default scope gets the
    /// escape named, not a guess about a clock of its own.
    @Test func aForgottenProcessScopeIsNamedAsSuch() async {
      let recorded = await recordedIssues {
        await withTestClock { clock in
          let saved = Mutex(false)
          let save = Task {
            try? await Task.sleep(for: .seconds(1))
            saved.withLock { $0 = true }
          }
          await clock.advance(by: .seconds(1))
          #expect(saved.withLock { $0 })
          save.cancel()
        }
      }.map(\.message)
      #expect(recorded.count == 2, "\(recorded)")
      #expect(recorded.last?.contains("use the process scope") == true)
      #expect(!recorded.contains { $0.contains("a clock of its own") })
    }

    // An explicit `ContinuousClock()` under the process scope: ProgressGuardTests'
    // `codeGivenARealClockGetsTheHintWithItsFailure`.

    /// A `Task.detached` does not inherit the scope, but under the process scope it is the
    /// test's task, and reads the test's clock.
    @Test(.testClock(scope: .process)) func aTakenDetachedTaskReadsItsTestsClock() async {
      let clock = TestClock.current
      let read = await Task.detached { TestClock.current }.value
      #expect(read === clock)
    }

    /// An actor's `Task {}` sleeps on the real clock under the process scope: the hint names
    /// that documented limit.
    @Test func anActorsTaskUnderTheProcessScopeNamesTheLimit() async {
      let recorded = await recordedIssues {
        await withTestClock(scope: .process) { clock in
          let autosave = Autosave()
          await autosave.schedule()
          await clock.advance(by: .seconds(1))
          #expect(await autosave.saves == 1)
          await autosave.cancel()
        }
      }.map(\.message)
      #expect(recorded.count == 2, "\(recorded)")
      #expect(recorded.last?.contains("with one documented limit") == true)
      #expect(recorded.last?.contains("isolated to an actor other than the main actor") == true)
    }
  #endif

  /// A debouncer released at the end of the body while it held a value: the value is lost,
  /// and the test fails saying so, whether the body or an object it made held the pacer.
  @Test func aDebouncerReleasedHoldingAValueFailsTheTest() async {
    let recorded = await recordedIssues {
      await withTestClock { clock in
        let autosave = Debouncer(for: .seconds(2), clock: clock) { (_: String) in }
        autosave("draft")
        await clock.advance(by: .seconds(1))
      }
      await withTestClock { clock in
        let editor = Editor(clock: clock)
        editor.type("draft")
        await clock.advance(by: .seconds(1))
      }
    }.map(\.message)
    #expect(recorded.count == 2, "\(recorded)")
    #expect(
      recorded.allSatisfy {
        $0.contains(
          "a Debouncer<String> timed by this clock was released while it still held a value")
      })
  }

  /// `TestClock.current` without the trait fails the test and hands back a stand-in, so that
  /// the test runs to its end and the run goes on.
  @Test func readingTheClockOutsideItsScopeFailsAndGoesOn() async {
    let recorded = await recordedIssues {
      let clock = TestClock.current
      await clock.advance(by: .seconds(1))
      // A sleep on the stand-in does not hang the test: it moves the stand-in's time.
      try? await clock.sleep(for: .seconds(60))
      #expect(clock.now == TestClock.Instant(offset: .seconds(61)))
    }.map(\.message)
    #expect(recorded.count == 1, "\(recorded)")
    #expect(
      recorded.first?.contains("TestClock.current is read outside a test clock's scope") == true)
    #expect(recorded.first?.contains("A fresh clock stands in") == true)
  }

  /// A background task asked of a clock without a test executor: a failure, and the task runs.
  @Test func aBackgroundTaskOnABareClockFailsAndRuns() async {
    let ran = Shared(false)
    let recorded = recordedIssues {
      TestClock().addBackgroundTask { [ran] in ran.set(true) }
    }.map(\.message)
    #expect(recorded.count == 1, "\(recorded)")
    #expect(recorded.first?.contains("this clock has no test executor") == true)
    while !ran.value { await Task.yield() }
  }

}

/// Holds a pacer, as a view model or a suite's instance does.
private final class Editor: Sendable {
  let autosave: Debouncer<String>

  init(clock: TestClock) {
    autosave = Debouncer(for: .seconds(2), clock: clock) { (_: String) in }
  }

  func type(_ text: String) { autosave(text) }
}

/// Saves a second after it is asked, in a `Task {}` of the actor's own.
private actor Autosave {
  private(set) var saves = 0
  private var pending: Task<Void, Never>?

  func schedule() {
    pending = Task {
      try? await Task.sleep(for: .seconds(1))
      saves += 1
    }
  }

  func cancel() { pending?.cancel() }
}
