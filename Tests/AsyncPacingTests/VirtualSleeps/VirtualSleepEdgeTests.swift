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

    /// Work before the call does not hold it up, so it does not widen the window the request
    /// lies in: 250 ms after 60 ms of work is 250 ms, unless a busy machine descheduled the
    /// thread meanwhile, and then the clock warns. The work runs at least 2 million steps, so
    /// that it is work even when a busy machine deschedules its thread for most of the 60 ms.
    @Test(.testClock) func workBeforeASleepDoesNotLengthenIt() async {
      let clock = TestClock.current
      let start = clock.now
      async let slept: TestClock.Instant = {
        let busyUntil = ContinuousClock.now.advanced(by: .milliseconds(60))
        var steps = 0
        while ContinuousClock.now < busyUntil || steps < 2_000_000 { steps += 1 }
        try? await Task.sleep(for: .milliseconds(250))
        return TestClock.current.now
      }()
      await clock.run()
      let sleptFor = start.duration(to: await slept)
      if clock.warnings.isEmpty {
        #expect(sleptFor == .milliseconds(250))
      } else {
        #expect(sleptFor >= .milliseconds(230))
      }
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
    /// real clock: nothing of it joins the test's timeline.
    @MainActor @Test(.testClock) func anExplicitRealClockPacerOnTheMainActorStaysReal() async {
      let clock = TestClock.current
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
  }

  /// Resumes a continuation from a Dispatch timer: something no test clock drives.
  enum DispatchQueueAfter {
    static func resume(_ continuation: CheckedContinuation<Void, Never>, afterMilliseconds: Int) {
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(afterMilliseconds)) {
        continuation.resume()
      }
    }
  }
#endif
