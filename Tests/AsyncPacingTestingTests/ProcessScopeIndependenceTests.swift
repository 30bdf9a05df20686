import AsyncPacing
import AsyncPacingTesting
import Foundation  // ProcessInfo: the run count comes from the environment
import IssueCapture
import Synchronization
import Testing

#if compiler(>=6.3) && canImport(Glibc)
  /// A continuation that one task parks and another resumes.
  final class ParkedContinuation: Sendable {
    private let parked = Mutex<CheckedContinuation<Void, Never>?>(nil)

    func park() async {
      await withCheckedContinuation { continuation in parked.withLock { $0 = continuation } }
    }

    var isParked: Bool { parked.withLock { $0 != nil } }

    func resume() {
      parked.withLock { $0.take() }?.resume()
    }
  }

  /// Another test's task that this test's code resumes is never taken: the process scope takes
  /// the tasks its test's code starts, and a resumed task only when it is the test's already.
  @Suite(.capturesIssues) struct ProcessScopeIndependenceTests {
    /// `ASYNCPACING_INDEPENDENCE_RUNS`, or a default that keeps `swift test` quick.
    static var runs: Int {
      ProcessInfo.processInfo.environment["ASYNCPACING_INDEPENDENCE_RUNS"].flatMap { Int($0) }
        ?? 10
    }

    /// A neighbour, as another test in parallel is, waits on a continuation: made after the
    /// scoped test's clock began, by a task that is not the test's. The scoped test resumes
    /// it; the neighbour's 100 ms sleep then is real and its own, and the scoped test has
    /// nothing to report.
    @Test(arguments: [false, true])
    func aNeighboursTaskResumedByTheScopedTestStaysTheNeighbours(onMainActor: Bool) async {
      for _ in 0..<Self.runs {
        let parked = ParkedContinuation()
        let clockStarted = Rendezvous()
        let recorded = Mutex<[String]>([])
        async let scoped: Void = {
          let issues = await recordedIssues {
            await withTestClock(scope: .process) { clock in
              await clockStarted.arrive(as: 0)
              while !parked.isParked { await Task.yield() }
              parked.resume()
              await clock.settle()
              #expect(clock.pendingSleeperCount == 0)
            }
          }
          recorded.withLock { $0 = issues.map(\.message) }
        }()
        await clockStarted.arrive(as: 1)
        let neighbour = onMainActor ? Self.mainActorNeighbour(parked) : Self.neighbour(parked)
        let slept = await neighbour.value
        await scoped
        #expect(recorded.withLock { $0 } == [])
        // Real: taken, it would have been a sleeper of the scoped clock, which the scoped test
        // would have found pending and reported as left behind.
        #expect(slept >= .milliseconds(100))
      }
    }

    private static func neighbour(_ parked: ParkedContinuation) -> Task<Duration, Never> {
      Task.detached {
        await parked.park()
        let start = ContinuousClock.now
        try? await Task.sleep(for: .milliseconds(100))
        return start.duration(to: .now)
      }
    }

    private static func mainActorNeighbour(_ parked: ParkedContinuation) -> Task<Duration, Never> {
      Task { @MainActor in
        await parked.park()
        let start = ContinuousClock.now
        try? await Task.sleep(for: .milliseconds(100))
        return start.duration(to: .now)
      }
    }

    /// The test's own task, waiting on a continuation the test resumes, is still the test's:
    /// its sleep after the resumption is a sleeper on the clock.
    @Test(.testClock(scope: .process))
    func theTestsOwnTaskResumedByTheTestStaysTheTests() async {
      let clock = TestClock.current
      let parked = ParkedContinuation()
      let timer = Task {
        await parked.park()
        try? await Task.sleep(for: .seconds(5))
        return TestClock.current.now
      }
      await clock.settle()
      parked.resume()
      await clock.settle()
      #expect(clock.pendingSleeperCount == 1)
      await clock.run()
      let woke = await timer.value
      if clock.warnings.isEmpty {
        #expect(woke.offset == .seconds(5))
      }
    }
  }
#endif
