import AsyncPacing
import AsyncPacingTesting
import Foundation  // ProcessInfo: the only way to read the run count from the environment
import IssueCapture
import Testing

// The runtime's hooks and the scheduling executor that these tests prove exist from Swift 6.3,
// on Linux; elsewhere the earlier rules apply (see the contract's "Before Swift 6.3").
#if compiler(>=6.3) && canImport(Glibc)
  /// Code that sleeps with `Task.sleep` or a real clock, given no clock, runs on the test's
  /// timeline: exact with manual advancing and with automatic advancing, in virtual time,
  /// unless the clock warns that it recovered a sleep's duration with a doubt.
  @Suite(.capturesIssues) struct VirtualSleepTests {
    /// `ASYNCPACING_VIRTUAL_SLEEP_RUNS`, or a default that keeps `swift test` quick.
    static var runs: Int {
      ProcessInfo.processInfo.environment["ASYNCPACING_VIRTUAL_SLEEP_RUNS"].flatMap { Int($0) }
        ?? 10
    }

    typealias Timeline = UninjectedCode.Timeline

    /// Each scenario, its duration to advance by, and the timeline it must give.
    static let scenarios: [(String, Duration, @Sendable (Timeline) async -> Void, [String])] = [
      (
        "toast", .seconds(2), { await UninjectedCode.showToast(on: $0) },
        ["shown@0", "hidden@2000"]
      ),
      (
        "poll", .seconds(15), { await UninjectedCode.poll(on: $0) },
        ["poll 1@5000", "poll 2@10000", "poll 3@15000"]
      ),
      (
        "retry", .seconds(7), { await UninjectedCode.retry(on: $0) },
        ["attempt 1@0", "attempt 2@1000", "attempt 3@3000", "attempt 4@7000"]
      ),
      (
        "actor", .seconds(30), { await UninjectedCode.Refresher().refresh(on: $0) },
        ["refreshed@30000"]
      ),
      ("main actor", .milliseconds(250), { await UninjectedCode.fadeOut(on: $0) }, ["faded@250"]),
      (
        "deadline", .seconds(4), { await UninjectedCode.waitForDeadline(on: $0) }, ["deadline@4000"]
      ),
      (
        "deadline on the main actor", .seconds(4),
        { await UninjectedCode.waitForDeadlineOnTheMainActor(on: $0) }, ["deadline@4000"]
      ),
      (
        "parallel", .seconds(3), { await UninjectedCode.sleepersInParallel(on: $0) },
        ["group 1@1000", "short@1500", "group 2@2000", "long@3000", "group 3@3000"]
      ),
    ]

    @Test(.testClock, arguments: 0..<scenarios.count)
    func advancedByHand(scenario: Int) async {
      let (name, length, run, expected) = Self.scenarios[scenario]
      for _ in 0..<Self.runs {
        let clock = TestClock.current
        let warned = clock.warnings.count
        let timeline = Timeline()
        let start = clock.now
        async let ran: Void = run(timeline)
        await clock.advance(by: length)
        let seen = timeline.recorded
        // A sleep recovered with a doubt may end later than asked: it is warned of, and run.
        await clock.run()
        await ran
        if clock.warnings.count == warned {
          #expect(Self.sameMoments(seen, expected), "\(name) at \(start)")
        }
        #expect(clock.pendingSleeperCount == 0, "\(name)")
      }
    }

    @Test(.testClock(advancing: .automatic), arguments: 0..<scenarios.count)
    func advancedAutomatically(scenario: Int) async {
      let (name, _, run, expected) = Self.scenarios[scenario]
      for _ in 0..<Self.runs {
        let warned = TestClock.current.warnings.count
        let timeline = Timeline()
        await run(timeline)
        if TestClock.current.warnings.count == warned {
          #expect(Self.sameMoments(timeline.recorded, expected), "\(name)")
        }
      }
    }

    /// The expected events at the expected milliseconds, each run counted from its own start.
    static func sameMoments(_ seen: [String], _ expected: [String]) -> Bool {
      guard seen.count == expected.count else { return false }
      let offsets = seen.compactMap { $0.split(separator: "@").last.flatMap { Int($0) } }
      let expectedOffsets = expected.compactMap {
        $0.split(separator: "@").last.flatMap { Int($0) }
      }
      guard let base = offsets.first.map({ $0 - expectedOffsets[0] }) else { return true }
      let names = seen.map { $0.split(separator: "@").first }
      let expectedNames = expected.map { $0.split(separator: "@").first }
      return Set(zip(names, offsets.map { $0 - base }).map { "\($0.0!)@\($0.1)" })
        == Set(zip(expectedNames, expectedOffsets).map { "\($0.0!)@\($0.1)" })
    }

    /// A hand-rolled timeout called 100 times: each call returns at its virtual instant, and the
    /// 100 cancelled 5-second sleeps it leaves behind cause no stall, no failure, no extra time.
    @Test(.testClock(advancing: .automatic)) func aHandRolledTimeoutLeavesNothingBehind()
      async throws
    {
      let clock = TestClock.current
      for call in 1...100 {
        let (start, warned) = (clock.now, clock.warnings.count)
        let value = try await UninjectedCode.withTimeout(.seconds(5)) {
          try await Task.sleep(for: .seconds(1))
          return call
        }
        #expect(value == call)
        // Exact, unless a loaded machine made a sleep's recovery doubtful, which is warned.
        if clock.warnings.count == warned {
          #expect(start.duration(to: clock.now) == .seconds(1))
        }
        #expect(clock.pendingSleeperCount == 0)
      }
    }
  }

  /// The testing guide's opening example, as a reader copies it.
  @MainActor final class Toast {
    private(set) var isShown = false
    func show() async {
      isShown = true
      try? await Task.sleep(for: .seconds(2))
      isShown = false
    }
  }

  /// As the guide shows it, and robust to a loaded machine: a sleep recovered with a doubt
  /// (warned) may end a little after 2 s, so it is then run to its end.
  @Suite(.capturesIssues) struct GuideToastTests {
    @Test(.testClock) func theToastHidesAfterTwoSeconds() async {
      let clock = TestClock.current
      let toast = Toast()
      async let shown: Void = toast.show()
      await clock.advance(by: .seconds(2))  // no real time passes
      let isShown = await toast.isShown
      if clock.warnings.isEmpty {
        #expect(!isShown)
      }
      await clock.run()
      await shown
    }
  }
#endif
