import AsyncPacing
import AsyncPacingTesting
import Foundation  // ProcessInfo: the run count of the teardown test
import IssueCapture
import Synchronization
import Testing

/// Under `withTestClock` and the `.testClock` trait, work the body leaves behind fails
/// the test, naming it; work started with `addBackgroundTask` is cancelled instead, and what it
/// throws is reported.
@Suite(.capturesIssues) struct LeftoverWorkTests {
  /// The issues of a body that starts a task named `name`, which sleeps with `sleep`, and
  /// leaves it sleeping a second later; and the body's clock, for what must run on it after.
  private static func issuesOfATaskLeftSleeping(
    named name: String, _ sleep: @escaping @Sendable (TestClock) async -> Void
  ) async -> (messages: [String], clock: TestClock?) {
    let leftBehind = Shared<TestClock?>(nil)
    let recorded = await recordedIssues {
      await withTestClock { clock in
        let task = Task(name: name, executorPreference: clock.taskExecutor) { await sleep(clock) }
        await clock.advance(by: .seconds(1))
        _ = task  // neither awaited nor cancelled
        leftBehind.set(clock)
      }
    }
    return (recorded.map(\.message), leftBehind.value)
  }

  @Test func aSleeperLeftBehindFailsTheTestNamingIt() async {
    let (recorded, clock) = await Self.issuesOfATaskLeftSleeping(named: "autosave") { clock in
      try? await clock.sleep(for: .seconds(5))
    }
    // A task asleep on a clock nobody moves holds the clock, which holds the task: end it, so
    // that the leak checker finds nothing left.
    await clock?.run()
    #expect(recorded.count == 1)
    let text = recorded.first ?? ""
    #expect(text.contains("left work behind"))
    #expect(text.contains("a sleep on the test clock, due at +5s"))
    // Tasks have names from the 2025 Apple releases; Linux has no such restriction.
    if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
      #expect(text.contains("due at +5s, in the task \"autosave\""))
    }
  }

  // Real-clock sleeps reach the test executor from Swift 6.3, on Linux.
  #if compiler(>=6.3) && canImport(Glibc)
    @Test func aRealClockSleepLeftBehindIsNamedToo() async {
      let (recorded, clock) = await Self.issuesOfATaskLeftSleeping(named: "poll") { _ in
        try? await Task.sleep(for: .seconds(7))
      }
      // The runtime's wake-up job of the sleep is the clock's until it runs: run it, so that
      // the leak checker finds nothing left.
      await clock?.run()
      #expect(recorded.count == 1)
      // Its duration is recovered: on a loaded machine it may be a little longer, warned.
      let due = clock?.warnings.isEmpty == false ? "" : ", due at +7s"
      #expect(
        recorded.first?.contains("a real-clock sleep (Task.sleep, ContinuousClock, ") == true
          && recorded.first?.contains("\(due), in the task \"poll\"") == true, "\(recorded)")
    }
  #endif

  @Test func aPacerStillHoldingAValueIsLeftoverWork() async {
    let kept = Shared<Debouncer<Int>?>(nil)
    let recorded = await recordedIssues {
      await withTestClock { clock in
        let save = Debouncer(for: .seconds(1), clock: clock) { (_: Int) in }
        save(1)
        kept.set(save)  // outlives the body, its value still pending
      }
    }.map(\.message)
    kept.value?.cancel()  // its value was reported already: dropping it now is no second loss
    kept.set(nil)
    #expect(recorded.count == 1)
    let text = recorded.first ?? ""
    // The pending value's deadline is a sleeper of the clock's, with no task of the pacer's.
    #expect(text.contains("due at +1s") && text.contains("a pacer still holding a value"))
    #expect(!text.contains("internal task(s)"))
  }

  @Test func theSameWorkInTheBackgroundPassesAndIsCancelled() async {
    let ended = Shared<Bool?>(nil)
    await withTestClock { clock in
      clock.addBackgroundTask {
        do {
          while true { try await clock.sleep(for: .seconds(5)) }
        } catch {
          ended.set(error is CancellationError)
          throw error
        }
      }
      await clock.advance(by: .seconds(12))
      #expect(clock.pendingSleeperCount == 1)
    }
    #expect(ended.value == true)
  }

  struct RefreshFailed: Error {}

  @Test func aFailureInsideBackgroundWorkIsReported() async {
    let recorded = await recordedIssues {
      await withTestClock { clock in
        clock.addBackgroundTask {
          try await clock.sleep(for: .seconds(1))
          throw RefreshFailed()
        }
        await clock.advance(by: .seconds(1))
      }
    }.map(\.message)
    #expect(recorded.count == 1)
    #expect(recorded.first?.contains("background task of the test threw") == true)
  }

  /// After the body returned no issue can be recorded: the message goes to standard output.
  /// In a process of its own, so that a passing run prints nothing.
  @Test func aSleepAfterTheTestIsPrinted() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      let clock = await withTestClock { clock in clock }
      let late = Task.detached { try? await clock.sleep(for: .seconds(1)) }
      // The sleeper registers after its message is printed: the process may end then.
      while clock.pendingSleeperCount == 0 { await Task.yield() }
      late.cancel()
    }
    let printed = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
    #expect(printed.contains("AsyncPacing diagnostic: TestClock: a sleep reached the clock"))
    #expect(printed.contains("after its body had returned"))
  }

  /// A background task that ignores its cancellation (a `try?` sleep in a loop) keeps the
  /// executor busy for ever: the settling after the body has a bound that progress does not
  /// reset, and the failure names the cause.
  @Test func aBackgroundTaskIgnoringItsCancellationFailsNamingIt() async {
    var result: ExitTest.Result?
    // The exit test passes on the issue recorded before the process stopped.
    let recorded = await recordedIssues {
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await withTestClock(progressTimeout: .milliseconds(200)) { clock in
          clock.addBackgroundTask {
            while true {
              try? await clock.sleep(for: .seconds(1))
              await Task.yield()
            }
          }
        }
      }
    }.map(\.message)
    #expect(recorded.count == 1)
    let text = recorded.first ?? ""
    #expect(text.contains("did not settle within 0.2 seconds"))
    #expect(text.contains("1 background task(s) still running"))
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("ignores its cancellation"))
    #expect(message.contains("The test body had returned"))
  }

  /// An iterator dropped as the body returns is still tearing down (its reader and timer end on
  /// the executor): that is no leftover. `ASYNCPACING_RANDOM_RUNS` sets the count.
  @Test func anIteratorBeingTornDownAsTheBodyReturnsIsNoLeftover() async {
    let runs =
      ProcessInfo.processInfo.environment["ASYNCPACING_RANDOM_RUNS"].flatMap { Int($0) } ?? 200
    for _ in 0..<runs {
      await withTestClock { clock in
        let (queries, typing) = AsyncStream.makeStream(of: String.self)
        var settled = queries.debounce(for: .milliseconds(300), clock: clock).makeAsyncIterator()
        typing.yield("a")
        async let advanced: Void = clock.advance(by: .milliseconds(300))
        _ = await settled.next()
        await advanced
        typing.yield("b")  // pending when the body returns and the iterator goes
      }
    }
  }
}

/// A value tasks set and the test reads.
final class Shared<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>
  init(_ value: Value) { storage = Mutex(value) }
  func set(_ value: Value) { storage.withLock { $0 = value } }
  func update(_ change: (inout Value) -> Void) { storage.withLock { change(&$0) } }
  var value: Value { storage.withLock { $0 } }
}
