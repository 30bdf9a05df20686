import AsyncPacing
import AsyncPacingTesting
import Testing

#if compiler(>=6.3) && canImport(Glibc)
  /// A service both a process-scope test and another test call at once: whose work a task it
  /// starts is depends on the caller, not on where the actor's jobs happen to run.
  actor SharedService {
    func start(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
      Task.detached { await operation() }
    }

    func touch() {}
  }

  @Suite struct ProcessScopeSharedActorTests {
    /// The process scope takes the task its test starts through the actor (its minute-long
    /// sleep is virtual), and leaves the one the neighbour starts through it while the test
    /// calls the actor too: its sleep is no sleeper of the clock, and stays real.
    @Test func anActorBothUseLendsNeitherTestsWorkToTheOther() async {
      let service = SharedService()
      let bothInside = Rendezvous()
      let bothStarted = Rendezvous()
      async let scoped: Void = withCheckedTestClock(scope: .process) { clock in
        // Started before the neighbour arrives, so that no other thread holds the actor.
        let timer = await service.start { try? await Task.sleep(for: .seconds(60)) }
        await bothInside.arrive(as: 0)
        await service.touch()
        await bothStarted.arrive(as: 0)
        await clock.settle()
        #expect(clock.pendingSleeperCount == 1)
        await clock.advance(by: .seconds(60))
        await timer.value
        #expect(clock.diagnostics.isEmpty)
      }
      await bothInside.arrive(as: 1)
      let start = ContinuousClock.now
      let neighbour = await service.start { try? await Task.sleep(for: .milliseconds(200)) }
      await bothStarted.arrive(as: 1)
      await neighbour.value
      #expect(ContinuousClock.now - start >= .milliseconds(200))
      await scoped
    }
  }
#endif
