import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// `RateLimiter` on a ``TestClock``: the contract's diagram, the strict line, one sleep for the
/// whole line, cancellation, refusals, the grid's phase, and the form without `clock:`.
@Suite(.testClock) struct RateLimiterTests {
  let clock = TestClock.current
  let log = GrantLog()

  func at(_ seconds: Int) -> TestClock.Instant { .init(offset: .seconds(seconds)) }

  /// A task that acquires `count` tokens, logs `name`, and returns the instant it got them.
  func acquiring(
    _ limiter: RateLimiter<TestClock>, _ count: Int = 1, _ name: String = ""
  ) async -> Task<TestClock.Instant, any Error> {
    await log.acquiring(limiter, count, name, on: clock)
  }

  /// The contract's diagram: one permit per 2 s, burst 2.
  @Test func theContractsDiagram() async throws {
    let limiter = RateLimiter(permits: 1, per: .seconds(2), burst: 2, clock: clock)
    let a = await acquiring(limiter, 1, "a")
    let b = await acquiring(limiter, 1, "b")
    let c = await acquiring(limiter, 1, "c")
    await clock.advance(by: .seconds(1))
    let d = await acquiring(limiter, 2, "d")
    let e = await acquiring(limiter, 1, "e")
    await clock.advance(to: at(5))
    #expect(!limiter.tryAcquire())
    await clock.advance(to: at(8))
    #expect(try await a.value == at(0))
    #expect(try await b.value == at(0))
    #expect(try await c.value == at(2))
    #expect(try await d.value == at(6))
    #expect(try await e.value == at(8))
    #expect(log.names == ["a", "b", "c", "d", "e"])
  }

  /// However many wait, one sleep is on the clock: the leader's. None while idle.
  @Test func onlyTheLeaderSleeps() async throws {
    let limiter = RateLimiter(permits: 1, per: .seconds(1), burst: 1, clock: clock)
    #expect(clock.pendingSleeperCount == 0)
    var waiting: [Task<TestClock.Instant, any Error>] = []
    for _ in 0..<5 { waiting.append(await acquiring(limiter)) }
    #expect(clock.pendingSleeperCount == 1)
    await clock.advance(by: .seconds(4))
    for (index, task) in waiting.enumerated() { #expect(try await task.value == at(index)) }
    #expect(clock.pendingSleeperCount == 0)
  }

  /// Waiters whose tokens are there at one instant are granted in line order: here those the
  /// leader held back when it leaves.
  @Test func waitersDueAtOneInstantGoInLineOrder() async throws {
    let limiter = RateLimiter(permits: 1, per: .seconds(1), burst: 3, clock: clock)
    #expect(limiter.tryAcquire(3))
    let big = await acquiring(limiter, 3, "big")
    let x = await acquiring(limiter, 1, "x")
    let y = await acquiring(limiter, 1, "y")
    await clock.advance(by: .seconds(2))
    big.cancel()
    await clock.settle()
    #expect(try await x.value == at(2))
    #expect(try await y.value == at(2))
    #expect(log.names == ["x", "y"])
  }

  /// A waiter in the middle of the line leaves with `CancellationError`, taking nothing.
  @Test func aCancelledWaiterLeavesTakingNothing() async throws {
    let limiter = RateLimiter(permits: 1, per: .seconds(1), burst: 1, clock: clock)
    #expect(limiter.tryAcquire())
    let first = await acquiring(limiter, 1, "first")
    let middle = await acquiring(limiter, 1, "middle")
    let last = await acquiring(limiter, 1, "last")
    middle.cancel()
    await clock.settle()
    await #expect(throws: CancellationError.self) { try await middle.value }
    await clock.advance(by: .seconds(2))
    #expect(try await first.value == at(1))
    #expect(try await last.value == at(2))
    #expect(log.names == ["first", "last"])
  }

  /// The leader's going lets those behind it move up, served at once if they can be.
  @Test func aCancelledLeaderLetsTheLineMoveUp() async throws {
    let limiter = RateLimiter(permits: 1, per: .seconds(10), burst: 2, clock: clock)
    #expect(limiter.tryAcquire(2))
    let big = await acquiring(limiter, 2, "big")
    let small = await acquiring(limiter, 1, "small")
    await clock.advance(by: .seconds(10))
    big.cancel()
    await clock.settle()
    await #expect(throws: CancellationError.self) { try await big.value }
    #expect(try await small.value == at(10))
    #expect(clock.pendingSleeperCount == 0)
  }

  /// A cancelled task's `acquire` throws at once, even with tokens there, and takes none.
  @Test func aCancelledTaskThrowsAtOnce() async throws {
    let limiter = RateLimiter(permits: 1, per: .seconds(1), burst: 1, clock: clock)
    let task = Task(executorPreference: clock.taskExecutor) {
      withUnsafeCurrentTask { $0?.cancel() }
      try await limiter.acquire()
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(limiter.tryAcquire())
  }

  /// `maxWaiting` full: a request that would wait is refused at once; a count above the
  /// burst is refused before that, and `tryAcquire` is false for it.
  @Test func refusalsComeAtOnce() async throws {
    let limiter = RateLimiter(
      permits: 1, per: .seconds(1), burst: 2, maxWaiting: 1, clock: clock)
    #expect(limiter.tryAcquire(2))
    let waiting = await acquiring(limiter)
    await #expect(throws: RateLimiterError.queueFull) { try await limiter.acquire() }
    await #expect(throws: RateLimiterError.exceedsBurst) { try await limiter.acquire(3) }
    #expect(!limiter.tryAcquire(3))
    await clock.advance(by: .seconds(1))
    #expect(try await waiting.value == at(1))
  }

  /// `maxWaiting: 0` refuses every request that would wait, and grants the others.
  @Test func noWaitingAllowed() async throws {
    let limiter = RateLimiter(
      permits: 1, per: .seconds(1), burst: 1, maxWaiting: 0, clock: clock)
    try await limiter.acquire()
    await #expect(throws: RateLimiterError.queueFull) { try await limiter.acquire() }
    await clock.advance(by: .seconds(1))
    try await limiter.acquire()
  }

  /// The grid keeps its phase from the making: after an idle spell the next token can come
  /// sooner than an interval after the last grant, even with a burst of 1.
  @Test func theGridKeepsItsPhaseFromTheMaking() async throws {
    let limiter = RateLimiter(permits: 1, per: .seconds(10), burst: 1, clock: clock)
    await clock.advance(to: at(15))
    #expect(limiter.tryAcquire())
    let next = await acquiring(limiter)
    await clock.advance(to: at(20))
    #expect(try await next.value == at(20))
  }

  /// A huge rate: token 3 at ⌈3 × 60 s / Int.max⌉ = 20 attoseconds, exactly; after token
  /// `Int.max`, at 60 s, the bucket stays full, however long the limiter lives.
  @Test func aHugeRateAfterALongIdleSpell() async throws {
    let limiter = RateLimiter(permits: .max, per: .seconds(60), burst: 3, clock: clock)
    #expect(limiter.tryAcquire(3))
    let next = await acquiring(limiter, 3)
    await clock.advance(by: .init(attoseconds: 20))
    #expect(try await next.value == TestClock.Instant(offset: .init(attoseconds: 20)))
    await clock.advance(by: .seconds(3_600 * 24 * 365 * 100))
    #expect(limiter.tryAcquire(3))
    #expect(limiter.tryAcquire(3))
  }

  /// Without `clock:`, inside a test clock's scope, the limiter runs on the test clock.
  @Test func theFormWithoutAClockFollowsTheTestClock() async throws {
    let limiter = RateLimiter(permits: 1, per: .seconds(2), burst: 1)
    try await limiter.acquire()
    let task = Task(executorPreference: clock.taskExecutor) { [clock] in
      try await limiter.acquire()
      return clock.now
    }
    await clock.advance(by: .seconds(2))
    #expect(try await task.value == at(2))
  }
}
