import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

@Suite(.capturesIssues) struct TestClockTests {
  @Test func instantsPrintAsSignedSeconds() {
    #expect(TestClock.Instant().description == "+0s")
    #expect(TestClock.Instant(offset: .milliseconds(1500)).description == "+1.5s")
    #expect(TestClock.Instant(offset: .milliseconds(1)).description == "+0.001s")
    #expect(TestClock.Instant(offset: .seconds(-2)).description == "-2s")
    #expect(TestClock.Instant(offset: .milliseconds(-500)).description == "-0.5s")
    #expect(TestClock.Instant(offset: .nanoseconds(1)).description == "+0.000000001s")
  }

  /// Beyond `Int64.max` seconds, where `Duration.components` traps (issue 19, finding 7).
  @Test func instantsFarBeyondInt64SecondsStillPrint() {
    let far = TestClock.Instant(offset: .seconds(Int64.max) * 18)
    #expect(far.description == "+166020696663385964526s")
    #expect(TestClock.Instant(offset: Duration(attoseconds: .max)).description.hasPrefix("+"))
    #expect(
      TestClock.Instant(offset: Duration(attoseconds: .min)).description
        == "-170141183460469231731.687303715884105728s")
  }

  @Test func instantsAreOrderedAndMeasurable() {
    let start = TestClock.Instant()
    let later = start.advanced(by: .seconds(3))
    #expect(start < later)
    #expect(start.duration(to: later) == .seconds(3))
    #expect(Set([start, later, start.advanced(by: .seconds(3))]).count == 2)
  }

  @Test(.testClock) func timeMovesOnlyWhenTheTestSaysSo() async {
    let clock = TestClock.current
    #expect(clock.now == .init())
    #expect(clock.minimumResolution == .zero)
    await clock.advance(by: .seconds(2))
    #expect(clock.now == .init(offset: .seconds(2)))
    await clock.advance(to: .init(offset: .seconds(5)))
    #expect(clock.now == .init(offset: .seconds(5)))
  }

  @Test(.testClock) func advancingBackwardsLeavesTimeAlone() async {
    let clock = TestClock.current
    await clock.advance(by: .seconds(5))
    await clock.advance(to: .init(offset: .seconds(1)))
    await clock.advance(by: .seconds(-3))
    #expect(clock.now == .init(offset: .seconds(5)))
  }

  @Test(.testClock) func sameInstantSleepersResumeInTheOrderTheyWentToSleep() async {
    let clock = TestClock.current
    let order = Recorder<String>()
    await withTaskGroup { group in
      // "late" goes to sleep until +2s only after waking at +1s, so after "early".
      group.addTask {
        try? await clock.sleep(until: .init(offset: .seconds(1)))
        try? await clock.sleep(until: .init(offset: .seconds(2)))
        order.record("late")
      }
      for name in ["early", "a", "b", "c"] {
        group.addTask {
          try? await clock.sleep(until: .init(offset: .seconds(2)))
          order.record(name)
        }
      }
      await clock.advance(by: .seconds(2))
      #expect(order.recorded == ["early", "a", "b", "c", "late"])
    }
  }

  @Test(.testClock) func eachSleeperWakesAtItsOwnDeadline() async {
    let clock = TestClock.current
    let wakes = Recorder<(Int, TestClock.Instant)>()
    await withTaskGroup { group in
      for seconds in [3, 1, 2] {
        group.addTask {
          try? await clock.sleep(for: .seconds(seconds))
          wakes.record((seconds, clock.now))
        }
      }
      await clock.advance(by: .seconds(10))
    }
    #expect(wakes.recorded.map(\.0) == [1, 2, 3])
    #expect(wakes.recorded.map(\.1.offset) == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now == .init(offset: .seconds(10)))
  }

  @Test(.testClock) func advanceIsInclusiveOfItsTarget() async {
    let clock = TestClock.current
    let woke = Recorder<TestClock.Instant>()
    async let sleeper: Void = {
      try? await clock.sleep(for: .seconds(1))
      woke.record(clock.now)
    }()
    await clock.advance(by: .milliseconds(999))
    #expect(woke.recorded.isEmpty)
    #expect(clock.pendingSleeperCount == 1)
    await clock.advance(by: .milliseconds(1))
    #expect(woke.recorded == [.init(offset: .seconds(1))])
    await sleeper
  }

  @Test(.testClock) func aDeadlineAtOrBeforeNowReturnsAtOnce() async throws {
    let clock = TestClock.current
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: .init(offset: .seconds(5)))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    try await clock.sleep(for: .zero)
    #expect(clock.pendingSleeperCount == 0)
    #expect(clock.now == .init(offset: .seconds(5)))
  }

  @Test(.testClock) func advancingByZeroRunsWhatCanRun() async {
    let clock = TestClock.current
    let ran = Recorder<Bool>()
    async let child: Void = {
      try? await clock.sleep(for: .zero)
      ran.record(true)
    }()
    await clock.advance(by: .zero)
    #expect(ran.recorded == [true])
    await child
  }

  @Test(.testClock) func aCancelledTaskThrowsAtOnceEvenForAPastDeadline() async {
    let clock = TestClock.current
    let task = Task(executorPreference: clock.taskExecutor) {
      withUnsafeCurrentTask { $0?.cancel() }
      do {
        try await clock.sleep(until: .init(offset: .seconds(-1)))
        return false
      } catch {
        return error is CancellationError
      }
    }
    #expect(await task.value)
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test(.testClock) func cancellingASleeperThrowsAndRemovesItWithoutMovingTime() async {
    let clock = TestClock.current
    let outcome = Recorder<String>()
    await withTaskGroup { group in
      group.addTask {
        do {
          try await clock.sleep(for: .seconds(60))
          outcome.record("woke")
        } catch {
          outcome.record(error is CancellationError ? "cancelled" : "other")
        }
      }
      await clock.settle()
      #expect(clock.pendingSleeperCount == 1)
      group.cancelAll()
      await clock.settle()
      #expect(outcome.recorded == ["cancelled"])
      #expect(clock.pendingSleeperCount == 0)
      #expect(clock.now == .init())
    }
  }

  @Test(.testClock) func manySleepersWakeInDeadlineThenRegistrationOrder() async {
    let clock = TestClock.current
    var generator = SplitMix64(seed: 7)
    let deadlines = (0..<500).map { _ in Int(generator.next() % 50) }
    let woke = Recorder<Int>()
    await withTaskGroup { group in
      for (index, deadline) in deadlines.enumerated() {
        group.addTask {
          try? await clock.sleep(for: .milliseconds(deadline))
          woke.record(index)
        }
      }
      await clock.advance(by: .milliseconds(50))
    }
    let expected = deadlines.indices.sorted { (deadlines[$0], $0) < (deadlines[$1], $1) }
    #expect(woke.recorded == expected)
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test(.testClock) func runAdvancesUntilNoSleeperIsLeft() async {
    let clock = TestClock.current
    async let chain: Void = {
      for _ in 0..<3 { try? await clock.sleep(for: .seconds(2)) }
    }()
    await clock.run()
    #expect(clock.now == .init(offset: .seconds(6)))
    #expect(clock.pendingSleeperCount == 0)
    #expect(clock.diagnostics.isEmpty)
    await chain
  }

  // The checked clock records each diagnostic as an issue instead of printing it.
  @Test func runReportsWhenItsAdvanceBoundIsHit() async {
    let recorded = await recordedIssues {
      await withTestClock { clock in
        await withTaskGroup { group in
          group.addTask {
            while !Task.isCancelled { try? await clock.sleep(for: .seconds(1)) }
          }
          await clock.run(maxAdvances: 5)
          #expect(clock.now == .init(offset: .seconds(5)))
          #expect(clock.pendingSleeperCount == 1)
          #expect(clock.diagnostics.count == 1)
          group.cancelAll()
        }
      }
    }.map(\.message)
    #expect(recorded.count == 1)
    #expect(recorded.first?.contains("stopped after 5 advances") == true)
  }

  @Test func aSleepFromAnEscapedTaskIsDiagnosed() async {
    let recorded = await recordedIssues {
      await withTestClock { clock in
        let escaped = Task.detached { try? await clock.sleep(for: .seconds(1)) }
        while clock.pendingSleeperCount == 0 { await Task.yield() }
        #expect(clock.diagnostics.count == 1)
        await clock.advance(by: .seconds(1))
        await escaped.value
      }
    }.map(\.message)
    #expect(recorded.first?.contains("a sleep was registered outside the test executor") == true)
    // Where the runtime's hooks show escaped tasks, a warning names them too.
    #if compiler(>=6.3) && canImport(Glibc)
      #expect(recorded.count == 2, "\(recorded)")
      #expect(recorded.last?.contains("the test's code started 1 task(s) outside") == true)
    #else
      #expect(recorded.count == 1, "\(recorded)")
    #endif
  }

  @Test(.testClock) func aClockDrivenPipelineSeesExactInstants() async {
    let clock = TestClock.current
    let (numbers, input) = AsyncStream.makeStream(of: Int.self)
    async let producer: Void = {
      for number in 1...3 {
        try? await clock.sleep(for: .milliseconds(250 * number))
        input.yield(number)
      }
      input.finish()
    }()
    async let received: [(Int, TestClock.Instant)] = {
      var received: [(Int, TestClock.Instant)] = []
      for await number in numbers { received.append((number, clock.now)) }
      return received
    }()
    await clock.advance(by: .seconds(1))
    #expect(clock.pendingSleeperCount == 1)
    await clock.advance(by: .milliseconds(500))
    let pairs = await received
    #expect(pairs.map(\.0) == [1, 2, 3])
    #expect(
      pairs.map(\.1.offset) == [.milliseconds(250), .milliseconds(750), .milliseconds(1500)])
    await producer
  }

  @Test(.testClock, arguments: 0..<40) func parallelClocksDoNotDisturbEachOther(seed: Int) async {
    let clock = TestClock.current
    let woke = Recorder<TestClock.Instant>()
    await withTaskGroup { group in
      for step in 1...5 {
        group.addTask {
          try? await clock.sleep(for: .milliseconds(seed + step))
          woke.record(clock.now)
        }
      }
      await clock.advance(by: .milliseconds(seed + 5))
    }
    #expect(woke.recorded.map(\.offset) == (1...5).map { .milliseconds(seed + $0) })
  }

  @Test func manualModeMovesTimeAndResumesDueSleepers() async throws {
    let clock = TestClock()
    try await clock.sleep(until: clock.now)
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    // Manual mode cannot settle, so this test has to wait for the registration itself.
    while clock.pendingSleeperCount == 0 { await Task.yield() }
    #expect(clock.nextDeadline == .init(offset: .seconds(1)))
    await clock.advance(by: .seconds(3))
    try await task.value
    #expect(clock.now == .init(offset: .seconds(3)))
    #expect(clock.diagnostics.isEmpty)
  }
}
