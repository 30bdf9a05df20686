import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Synchronization
import Testing

#if compiler(>=6.3) && canImport(Glibc)
  /// A service both a process-scope test and another test call at once: whose work a task it
  /// starts is depends on the caller, not on where the actor's jobs happen to run.
  actor SharedService {
    func start(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
      Task.detached { await operation() }
    }

    func touch() {}

    /// Keeps the actor busy on the caller's thread until `arrival` is raised, and 50 ms more,
    /// so that a call arriving meanwhile waits and runs on this thread after it.
    func hold(raising holding: Flag, until arrival: Flag) {
      holding.raise()
      while !arrival.isRaised {}
      let end = ContinuousClock.now.advanced(by: .milliseconds(50))
      while ContinuousClock.now < end {}
    }
  }

  /// Raised once, read from any thread.
  final class Flag: Sendable {
    private let raised = Atomic<Bool>(false)

    func raise() {
      raised.store(true, ordering: .releasing)
    }

    var isRaised: Bool { raised.load(ordering: .acquiring) }
  }

  @Suite(.capturesIssues) struct ProcessScopeSharedActorTests {
    /// The process scope takes the task its test starts through the actor (its minute-long
    /// sleep is virtual), and leaves the one the neighbour starts through it while the test
    /// calls the actor too: its sleep is no sleeper of the clock, and stays real.
    @Test func anActorBothUseLendsNeitherTestsWorkToTheOther() async {
      let service = SharedService()
      let bothInside = Rendezvous()
      let bothStarted = Rendezvous()
      async let scoped: Void = withTestClock(scope: .process) { clock in
        // Started before the neighbour arrives, so that no other thread holds the actor.
        let timer = await service.start { try? await Task.sleep(for: .seconds(60)) }
        await bothInside.arrive(as: 0)
        await service.touch()
        await bothStarted.arrive(as: 0)
        await clock.settle()
        #expect(clock.pendingSleeperCount == 1)
        await clock.run()
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

    /// A call the test makes into an actor that another thread is running waits, then runs on
    /// that thread, which no test's executor owns: the task it starts there is still the
    /// test's, since the test's own task starts it. Its ten-second sleep is virtual.
    @Test func aTaskStartedThroughAnActorBusyElsewhereIsTheTests() async {
      let service = SharedService()
      let holding = Flag()
      let arrival = Flag()
      async let neighbour: Void = service.hold(raising: holding, until: arrival)
      await withTestClock(scope: .process) { clock in
        while !holding.isRaised { await Task.yield() }
        arrival.raise()
        let timer = await service.start { try? await Task.sleep(for: .seconds(10)) }
        await clock.settle()
        #expect(clock.pendingSleeperCount == 1)
        if clock.pendingSleeperCount != 1 { timer.cancel() }
        await clock.run()
        await timer.value
        #expect(clock.diagnostics.isEmpty)
      }
      await neighbour
    }
  }
#endif
