import AsyncPacing
import AsyncPacingTesting
import Dispatch
import IssueCapture
import Synchronization
import Testing
import XCTest

/// With no main-actor code in play, a blocked main thread changes nothing: settling never
/// waits for it.
enum BlockedMainThread {
  /// A debounced pipeline on a fresh clock, `runs` times, from a detached task; true when
  /// every run was exact.
  static func runDetached(runs: Int) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let exactRuns = LockedCount()
    Task.detached {
      for _ in 0..<runs where await debouncedRunIsExact() { exactRuns.increment() }
      done.signal()
    }
    done.wait()  // the main thread is blocked until every run has ended
    return exactRuns.value == runs
  }

  private static func debouncedRunIsExact() async -> Bool {
    await withTestClock(progressTimeout: .seconds(20)) { clock in
      let (queries, typing) = AsyncStream.makeStream(of: String.self)
      async let searched = queries.debounce(for: .milliseconds(300), clock: clock)
        .reduce(into: [String]()) { $0.append($1) }
      typing.yield("S")
      await clock.advance(by: .milliseconds(100))
      typing.yield("Swift")
      await clock.advance(by: .milliseconds(300))
      typing.finish()
      return await searched == ["Swift"]
    }
  }
}

private final class LockedCount: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

@Suite(.capturesIssues) struct BlockedMainThreadTests {
  /// In a process of its own: holding the main thread for a hundred runs would stall every
  /// main-actor test running beside it (under a sanitizer, for longer than their guard).
  @Test func aBlockedMainThreadChangesNothingInSwiftTesting() async {
    await #expect(processExitsWith: .success) { @MainActor in
      guard BlockedMainThread.runDetached(runs: 100) else {
        fatalError("a run was not exact with the main thread blocked")
      }
    }
  }

  /// A main thread blocked for good once the body has returned leaves the clock's end waiting:
  /// the process stops, and its message says the body had returned, not that it ignored its
  /// cancellation.
  @Test func aClockThatCannotEndAfterTheBodySaysSo() async {
    var result: ExitTest.Result?
    let recorded = await recordedIssues {
      result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await withTestClock(advancing: .automatic, progressTimeout: .milliseconds(200)) {
          clock in
          let notify = await MainActor.run {
            Debouncer(for: .seconds(1), clock: clock) { @MainActor in }
          }
          DispatchQueue.main.async { DispatchSemaphore(value: 0).wait() }
          notify()
          // Waiting for something the clock does not time lets auto-advance run the action,
          // whose main-actor job never runs: its settling is still waiting when the body returns.
          await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
              resumed.resume()
            }
          }
        }
      }
    }.map(\.message)
    #expect(recorded.count == 1, "\(recorded)")
    #expect(recorded.first?.contains("made no progress") == true)
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("The test body had returned"), "\(message)")
    #expect(!message.contains("ignored its cancellation"))
  }

  /// In a process of its own too: the main thread stays blocked until the issue is recorded,
  /// which a loaded machine can delay past the guard of a main-actor test beside it. The
  /// process's issues come back to this test, which checks them.
  @Test func aMainActorThatDoesNotAnswerIsNamed() async {
    let recorded = await recordedIssues {
      await #expect(processExitsWith: .success) {
        for _ in 0..<ProgressGuardTests.runs {
          await BlockedMainThread.blockUntilTheUnansweredMainActorIsNamed()
        }
      }
    }.map(\.message)
    // Each run checks that it got one; this checks that nothing else came.
    #expect(recorded.count >= ProgressGuardTests.runs, "\(recorded)")
    #expect(recorded.allSatisfy(BlockedMainThread.namesTheMainActor), "\(recorded)")
  }
}

extension BlockedMainThread {
  /// Blocks the main thread while main-actor work is in play, until the guard records an issue.
  static func blockUntilTheUnansweredMainActorIsNamed() async {
    let mainIsBlocked = DispatchSemaphore(value: 0)
    let release = LockedRelease(mainIsBlocked)
    let named = LockedCount()
    // Observes the issue without claiming it: it goes to the test that started this process.
    await withKnownIssue(isIntermittent: true) {
      await withTestClock(progressTimeout: .milliseconds(500)) { clock in
        // A main-actor action tells the clock that main-actor work is in play.
        let notify = await MainActor.run {
          Debouncer(for: .seconds(1), clock: clock) { @MainActor in }
        }
        DispatchQueue.main.async { mainIsBlocked.wait() }
        notify()
        await clock.advance(by: .seconds(1))
      }
    } matching: { issue in
      release.releaseOnce()
      if namesTheMainActor(issue.comments.map(\.rawValue).joined()) { named.increment() }
      return false
    }
    release.releaseOnce()
    if named.value == 0 { Issue.record("this run got no issue naming the main actor") }
  }

  /// Before Swift 6.3 (or off Linux) the clock waits for the main actor with barriers, and says
  /// so in other words.
  static func namesTheMainActor(_ message: String) -> Bool {
    message.contains("to run on the main actor") || message.contains("does not answer")
  }
}

/// Unblocks the main thread once, from whichever side gets there first.
private final class LockedRelease: Sendable {
  private let semaphore: DispatchSemaphore
  private let released = Mutex(false)

  init(_ semaphore: DispatchSemaphore) {
    self.semaphore = semaphore
  }

  func releaseOnce() {
    let first = released.withLock { released in
      defer { released = true }
      return !released
    }
    if first { semaphore.signal() }
  }
}

final class BlockedMainThreadXCTests: XCTestCase {
  func testABlockedMainThreadChangesNothing() {
    XCTAssertTrue(BlockedMainThread.runDetached(runs: 100))
  }
}
