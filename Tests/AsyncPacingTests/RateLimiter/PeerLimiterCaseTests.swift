import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// .NET's own `TokenBucketRateLimiterTests` (src/libraries/System.Threading.RateLimiting/tests/
/// TokenBucketRateLimiterTests.cs, at dotnet/runtime 03a2886), its `OldestFirst` cases with one
/// token per period, re-expressed: `TokensPerPeriod: 1` every `ReplenishmentPeriod` is
/// `permits: 1, per: period`, `PermitLimit` is `burst`, `QueueLimit` is `maxWaiting`, each
/// `TryReplenish()` is one period on the clock, `Acquire` is `tryAcquire`, and a lease's
/// `Dispose()` gives nothing back, as there.
///
/// Not re-expressed, as they differ (see the contract's "Where other libraries differ"):
/// - `…_NewestFirst`, `…IfNewestFirst`, `CanAcquireResourceAsync_QueuesAndGrabsNewest`,
///   `CanFillQueueWithNewestFirstAfterCancelingQueuedRequestWithAnotherQueuedRequest`: the line
///   is always oldest first; a request beyond `maxWaiting` is refused, none evicted.
/// - `LargeAcquiresAndQueuesDoNotIntegerOverflow`: `QueueLimit` counts tokens, `maxWaiting`
///   requests (and it is `NewestFirst`).
/// - `CanDequeueMultipleResourcesAtOnce`, `TryReplenishHonorsTokensPerPeriod`: a period's
///   tokens come at once there, spread over the interval here.
/// - `AcquireZero_…`, `WaitAndAcquireAsyncZero_…`: a count of 0 stops the program here.
/// - `ThrowsWhenAcquiringLessThanZero`, `ThrowsWhenWaitingForLessThanZero`,
///   `InvalidOptionsThrows`: a bad argument stops the program instead of throwing.
/// - `ThrowsWhenAcquiringMoreThanLimit`: `tryAcquire(2)` is `false`, where `Acquire(2)` throws.
/// - `ThrowsWhenWaitingForMoreThanLimit`: `RateLimiterError.exceedsBurst`, not
///   `ArgumentOutOfRangeException`.
/// - `FailsWhenQueuingMoreThanLimit_OldestFirst`, `RetryMetadataOnFailedWaitAsync`,
///   `CorrectRetryMetadata…`, `NoMetadataOnAcquiredLease`, `MetadataNamesContainsAllMetadata`:
///   no leases, so no `RetryAfter` metadata (the refusal itself is in
///   `queueAvailableAfterQueueLimitHitAndResourcesBecomeAvailable`).
/// - `DisposeReleasesQueuedAcquires`, `DisposeAsyncReleasesQueuedAcquires`,
///   `CanDisposeAfterCancelingQueuedRequest`: no `Dispose`; a waiter's task is cancelled.
/// - `TryReplenishWithAutoReplenish_ReturnsFalse`, `ReplenishWorksWithTicksOverInt32Max`: no
///   manual replenishment (the latter calls an internal method); the grid is the clock's.
/// - `…IdleDuration…`, `ReplenishingRateLimiterPropertiesHaveCorrectValues`: no such property.
@Suite(.testClock) struct DotNetTokenBucketCaseTests {
  let clock = TestClock.current
  let log = GrantLog()
  static let period = Duration.seconds(1)

  func at(_ periods: Int) -> TestClock.Instant { .init(offset: Self.period * periods) }

  /// A limiter of one token a period, as .NET's `TokensPerPeriod: 1` replenishes.
  func dotNetLimiter(permitLimit: Int, queueLimit: Int? = nil) -> RateLimiter<TestClock> {
    RateLimiter(
      permits: 1, per: Self.period, burst: permitLimit, maxWaiting: queueLimit, clock: clock)
  }

  /// A task that acquires `count` tokens, logs `name`, and returns the instant it got them.
  func acquiring(
    _ limiter: RateLimiter<TestClock>, _ count: Int, _ name: String
  ) async -> Task<TestClock.Instant, any Error> {
    await log.acquiring(limiter, count, name, on: clock)
  }

  /// `CanAcquireResource`: one token; a second `Acquire` fails, before and after the lease's
  /// `Dispose()`; one replenishment brings one. Its `NewestFirst` plays no part: nobody waits.
  @Test func canAcquireResource() async {
    let limiter = dotNetLimiter(permitLimit: 1, queueLimit: 1)
    #expect(limiter.tryAcquire())
    #expect(!limiter.tryAcquire())
    #expect(!limiter.tryAcquire())
    await clock.advance(by: Self.period)
    #expect(limiter.tryAcquire())
  }

  /// `CanAcquireResourceAsync_QueuesAndGrabsOldest`: two waiters are served one a period, the
  /// oldest first. Its `GetAvailablePermits() == 0` between them is not checked: it has no
  /// counterpart that takes nothing.
  @Test func canAcquireResourceAsyncQueuesAndGrabsOldest() async throws {
    let limiter = dotNetLimiter(permitLimit: 1, queueLimit: 2)
    try await limiter.acquire()
    let first = await acquiring(limiter, 1, "first")
    let second = await acquiring(limiter, 1, "second")
    #expect(log.names.isEmpty)
    await clock.advance(by: Self.period)
    #expect(log.names == ["first"])
    await clock.advance(by: Self.period)
    #expect(log.names == ["first", "second"])
    #expect(try await first.value == at(1))
    #expect(try await second.value == at(2))
  }

  /// `QueueAvailableAfterQueueLimitHitAndResources_BecomeAvailable`: with the line full, a
  /// request is refused (its failed lease is `RateLimiterError.queueFull` here); once the
  /// waiter is served, the line takes another, served the next period.
  @Test func queueAvailableAfterQueueLimitHitAndResourcesBecomeAvailable() async throws {
    let limiter = dotNetLimiter(permitLimit: 1, queueLimit: 1)
    #expect(limiter.tryAcquire())
    let waiting = await acquiring(limiter, 1, "waiting")
    await #expect(throws: RateLimiterError.queueFull) { try await limiter.acquire() }
    await clock.advance(by: Self.period)
    #expect(try await waiting.value == at(1))
    let next = await acquiring(limiter, 1, "next")
    #expect(log.names == ["waiting"])
    await clock.advance(by: Self.period)
    #expect(try await next.value == at(2))
  }

  /// `CanCancelWaitAndAcquireAsyncAfterQueuing`: a cancelled waiter throws (`CancellationError`
  /// for `TaskCanceledException`) and takes nothing: after one replenishment exactly one token
  /// is there (`GetAvailablePermits() == 1`: one `tryAcquire` succeeds, the next fails).
  @Test func canCancelWaitAndAcquireAsyncAfterQueuing() async {
    let limiter = dotNetLimiter(permitLimit: 1, queueLimit: 1)
    #expect(limiter.tryAcquire())
    let waiting = await acquiring(limiter, 1, "waiting")
    waiting.cancel()
    await clock.settle()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    await clock.advance(by: Self.period)
    #expect(limiter.tryAcquire())
    #expect(!limiter.tryAcquire())
    #expect(log.names.isEmpty)
  }

  /// `CancelUpdatesQueueLimit`: a cancelled waiter frees its place in a line of one, so the
  /// next request waits instead of being refused, and is served at the replenishment.
  @Test func cancelUpdatesQueueLimit() async throws {
    let limiter = dotNetLimiter(permitLimit: 1, queueLimit: 1)
    #expect(limiter.tryAcquire())
    let cancelled = await acquiring(limiter, 1, "cancelled")
    cancelled.cancel()
    await clock.settle()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    let next = await acquiring(limiter, 1, "next")
    #expect(log.names.isEmpty)
    await clock.advance(by: Self.period)
    #expect(try await next.value == at(1))
  }

  /// `CannotAcquireResourcesWithWaitAndAcquireAsyncWithQueuedItemsIfOldestFirst`, adapted from
  /// two tokens a period to one: a request for one waits behind one for two although a token
  /// is there; the first period fills the bucket (one left + one, as .NET's two are capped at
  /// the limit of 2) for the pair, the second brings the single's.
  @Test func cannotAcquireWithWaitAndAcquireAsyncWithQueuedItemsIfOldestFirst() async throws {
    let limiter = dotNetLimiter(permitLimit: 2, queueLimit: 3)
    #expect(limiter.tryAcquire())
    let pair = await acquiring(limiter, 2, "pair")
    let single = await acquiring(limiter, 1, "single")
    #expect(log.names.isEmpty)
    await clock.advance(by: Self.period)
    #expect(log.names == ["pair"])
    await clock.advance(by: Self.period)
    #expect(try await pair.value == at(1))
    #expect(try await single.value == at(2))
  }

  /// `TryReplenishWithAllTokensAvailable_Noops`: a token arriving at a full bucket is lost, so
  /// after a period two tokens are there, not three (`GetAvailablePermits() == 2`).
  @Test func tryReplenishWithAllTokensAvailableNoops() async {
    let limiter = dotNetLimiter(permitLimit: 2, queueLimit: 1)
    await clock.advance(by: Self.period)
    #expect(limiter.tryAcquire(2))
    #expect(!limiter.tryAcquire())
  }
}

/// Guava's own `RateLimiterTest` (guava-tests/test/com/google/common/util/concurrent/
/// RateLimiterTest.java, at google/guava 0959427), its bursty cases with a request at a time,
/// re-expressed in its `FakeStopwatch` log: `R` how long the limiter made a request wait, `U`
/// a sleep of the test's own. Guava's `create(r)` stores up to one second of permits (`r`) and
/// grants one request more on credit, but starts with none stored; a bucket here starts full.
/// So it is `permits: r, per: 1 s, burst: r + 1`, with `r` tokens taken at the start.
///
/// Not re-expressed, as they differ (see the contract's "Where other libraries differ"):
/// - `testSimpleWeights`, `testTryAcquire_negative`: a large request is granted at once there
///   and the next pays for it; here each waits for its own tokens.
/// - `testSimpleRateUpdate`, `testBurstyAndUpdate`, `testWeNeverGetABurstMoreThanOneSec`,
///   `testInfinity_…`: a limiter's rate is fixed when it is made, and finite.
/// - `testWarmUp…`, `testTimeToWarmUpIsHonouredEvenWithWeights`,
///   `testCreateWarmupParameterValidation`: no warm-up.
/// - `testTryAcquire_someWaitAllowed`, `testTryAcquire_overflow`: `tryAcquire` never waits.
/// - `testAcquireParameterValidation`: a count below 1 stops the program instead of throwing.
@Suite(.testClock(advancing: .automatic)) struct GuavaRateLimiterCaseTests {
  let clock = TestClock.current

  /// One event of Guava's `FakeStopwatch`, exact: `r` and `u` spell them in milliseconds.
  enum StopwatchEvent: Equatable {
    case limiterWait(Duration)
    case userSleep(Duration)

    static func r(_ milliseconds: Int) -> Self { .limiterWait(.milliseconds(milliseconds)) }
    static func u(_ milliseconds: Int) -> Self { .userSleep(.milliseconds(milliseconds)) }
  }

  /// A limiter and the log of what its requests waited and what the test slept.
  struct Stopwatch {
    let clock: TestClock
    let limiter: RateLimiter<TestClock>
    var events: [StopwatchEvent] = []

    mutating func acquire(_ count: Int = 1) async throws {
      let start = clock.now
      try await limiter.acquire(count)
      events.append(.limiterWait(start.duration(to: clock.now)))
    }

    mutating func sleep(milliseconds: Int) async throws {
      try await clock.sleep(for: .milliseconds(milliseconds))
      events.append(.u(milliseconds))
    }
  }

  /// Guava's `RateLimiter.create(stopwatch, permitsPerSecond)`, as the suite says.
  func guavaLimiter(permitsPerSecond: Int) -> Stopwatch {
    let limiter = RateLimiter(
      permits: permitsPerSecond, per: .seconds(1), burst: permitsPerSecond + 1, clock: clock)
    #expect(limiter.tryAcquire(permitsPerSecond))
    return Stopwatch(clock: clock, limiter: limiter)
  }

  /// `testSimple`: at 5 a second, the first request at once, then one every 200 ms.
  @Test func simple() async throws {
    var stopwatch = guavaLimiter(permitsPerSecond: 5)
    for _ in 0..<3 { try await stopwatch.acquire() }
    #expect(stopwatch.events == [.r(0), .r(200), .r(200)])
  }

  /// `testSimpleAcquireEarliestAvailableIsInPast`: after 400 ms idle, two requests at once, the
  /// third 200 ms later (its `acquire()` return values are the `R` waits here).
  @Test func simpleAcquireEarliestAvailableIsInPast() async throws {
    var stopwatch = guavaLimiter(permitsPerSecond: 5)
    try await stopwatch.acquire()
    try await stopwatch.sleep(milliseconds: 400)
    for _ in 0..<3 { try await stopwatch.acquire() }
    #expect(stopwatch.events == [.r(0), .u(400), .r(0), .r(0), .r(200)])
  }

  /// `testOneSecondBurst`: after two idle seconds, a burst of six permits (a second's five
  /// stored, and one more) at once, in requests of 1, 1, 3 and 1; the next waits 200 ms.
  @Test func oneSecondBurst() async throws {
    var stopwatch = guavaLimiter(permitsPerSecond: 5)
    try await stopwatch.sleep(milliseconds: 1_000)
    try await stopwatch.sleep(milliseconds: 1_000)
    for count in [1, 1, 3, 1] { try await stopwatch.acquire(count) }
    try await stopwatch.acquire()
    #expect(stopwatch.events == [.u(1_000), .u(1_000), .r(0), .r(0), .r(0), .r(0), .r(200)])
  }

  /// `testDoubleMinValueCanAcquireExactlyOnce`, adapted: the slowest rate here is one permit per
  /// the longest `Duration`; Guava stores no permit at such a rate, so the burst is 1 with none
  /// taken. One permit at once, no other, not even after `Integer.MAX_VALUE` ms.
  @Test func doubleMinValueCanAcquireExactlyOnce() async throws {
    let limiter = RateLimiter(
      permits: 1, per: Duration(attoseconds: .max), burst: 1, clock: clock)
    #expect(limiter.tryAcquire())
    #expect(!limiter.tryAcquire())
    try await clock.sleep(for: .milliseconds(Int(Int32.max)))
    #expect(!limiter.tryAcquire())
  }
}
