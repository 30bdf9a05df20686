import Testing

@testable import AsyncPacing

/// Arguments a limiter or a retry cannot run with stop the program, naming the argument (the
/// contract's "A rate limiter shared by tasks" and "Retry"), each in a child process.
@Suite struct RateLimiterArgumentTests {
  @Test func aLimiterRefusesWithTheArgumentsName() async {
    let permits = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = RateLimiter(permits: 0, per: .seconds(1), burst: 1)
    }
    #expect(
      standardError(of: permits).contains(
        "RateLimiter: `permits` must be at least 1 (got 0)"))
    let interval = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = RateLimiter(permits: 1, per: .seconds(-1), burst: 1, clock: ContinuousClock())
    }
    #expect(
      standardError(of: interval).contains(
        "RateLimiter: `interval` must be greater than zero (got -1.0 seconds)"))
    let burst = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = RateLimiter(permits: 1, per: .seconds(1), burst: 0)
    }
    #expect(
      standardError(of: burst).contains(
        "RateLimiter: `burst` must be at least 1 (got 0)"))
    let maxWaiting = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
    {
      _ = RateLimiter(permits: 1, per: .seconds(1), burst: 1, maxWaiting: -1)
    }
    #expect(
      standardError(of: maxWaiting).contains(
        "RateLimiter: `maxWaiting` must be at least 0 (got -1)"))
    let acquired = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try? await RateLimiter(permits: 1, per: .seconds(1), burst: 1).acquire(0)
    }
    #expect(
      standardError(of: acquired).contains(
        "RateLimiter.acquire(_:): `count` must be at least 1 (got 0)"))
    let tried = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = RateLimiter(permits: 1, per: .seconds(1), burst: 1).tryAcquire(-2)
    }
    #expect(
      standardError(of: tried).contains(
        "RateLimiter.tryAcquire(_:): `count` must be at least 1 (got -2)"))
  }

  @Test func aRetryRefusesWithTheArgumentsName() async {
    let attempts = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      try? await retry(maxAttempts: 0) {}
    }
    #expect(
      standardError(of: attempts).contains(
        "retry(maxAttempts:…): `maxAttempts` must be at least 1 (got 0)"))
    let constant = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Backoff.constant(.seconds(-1))
    }
    #expect(
      standardError(of: constant).contains(
        "Backoff.constant(_:): `constant` must not be negative (got -1.0 seconds)"))
    let increment = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Backoff.linear(increment: .seconds(-1), initial: .seconds(1))
    }
    #expect(
      standardError(of: increment).contains(
        "Backoff.linear(increment:initial:): `increment` must not be negative (got -1.0 seconds)"))
    let linearStart = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
    {
      _ = Backoff.linear(increment: .seconds(1), initial: .seconds(-1))
    }
    #expect(
      standardError(of: linearStart).contains(
        "Backoff.linear(increment:initial:): `initial` must not be negative (got -1.0 seconds)"))
    let factor = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Backoff.exponential(factor: 0, initial: .seconds(1))
    }
    #expect(
      standardError(of: factor).contains(
        "Backoff.exponential(factor:initial:): `factor` must be at least 1 (got 0)"))
    let exponentialStart = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      _ = Backoff.exponential(factor: 2, initial: .seconds(-1))
    }
    #expect(
      standardError(of: exponentialStart).contains(
        "Backoff.exponential(factor:initial:): `initial` must not be negative (got -1.0 seconds)"))
  }
}
