import AsyncPacing
import AsyncPacingTesting
import Testing

// The runtime's hooks and the scheduling executor that these tests prove exist from Swift 6.3,
// on Linux; elsewhere the earlier rules apply (see the contract's "Before Swift 6.3").
#if compiler(>=6.3) && canImport(Glibc)
  /// Main-actor work that hands itself back to the main queue before it reaches the clock is
  /// settled however often it does: the clock counts the test's main-actor jobs, it does not
  /// guess how many rounds to wait.
  @Suite struct MainActorRequeueTests {
    @Test(.testClock, arguments: [1, 10, 1_000])
    func workThatRequeuesItselfIsSettled(times: Int) async {
      for _ in 0..<MainActorRuns.count {
        let clock = TestClock.current
        let start = clock.now
        let work = RequeueingWork()
        async let ran: Void = work.run(requeueing: times, clock: clock)
        await clock.advance(by: .seconds(1))
        let finishedAt = await work.finishedAt
        await ran
        #expect(finishedAt == start.advanced(by: .seconds(1)))
      }
    }

    @MainActor @Test(.testClock, arguments: [1, 10, 1_000])
    func workThatRequeuesItselfIsSettledFromTheMainActor(times: Int) async {
      for _ in 0..<MainActorRuns.count {
        let clock = TestClock.current
        let start = clock.now
        let work = RequeueingWork()
        let task = Task { await work.run(requeueing: times, clock: clock) }
        await clock.advance(by: .seconds(1))
        let finishedAt = work.finishedAt
        await task.value
        #expect(finishedAt == start.advanced(by: .seconds(1)))
      }
    }

    /// A `Task {}` started inside a main-actor `Task {}`: both run on the main actor.
    @MainActor @Test(.testClock)
    func aTaskInsideAMainActorTaskIsSettled() async {
      for _ in 0..<MainActorRuns.count {
        let clock = TestClock.current
        let start = clock.now
        let work = RequeueingWork()
        let outer = Task {
          let inner = Task { await work.run(requeueing: 3, clock: clock) }
          await inner.value
        }
        await clock.advance(by: .seconds(1))
        let finishedAt = work.finishedAt
        await outer.value
        #expect(finishedAt == start.advanced(by: .seconds(1)))
      }
    }
  }
#endif
