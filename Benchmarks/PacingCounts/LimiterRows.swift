import AsyncPacing
import AsyncPacingTestClock

// The shared limiter's and retry's counts. A request that finds its tokens takes one lock and
// allocates nothing, on either path. One that waits in line is counted on a `TestClock`, where
// the leader's sleep is the test clock's own work; the limiter starts no task. A retry's attempt
// that fails boxes its error (the runtime's `any Error`), which the count includes.

struct AttemptFailed: Error {}

let limiterRows: [CountedRow] = [
  CountedRow(
    name: "RateLimiter.tryAcquire(), tokens there",
    limit: Counts(allocationsPerElement: 0.1, locksPerElement: 1.1, tasksPerRun: 0)
  ) { requests in
    let limiter = RateLimiter(permits: 1, per: .seconds(1), burst: 1_000_000)
    for _ in 0..<requests where !limiter.tryAcquire() { print("tryAcquire() row: refused") }
  },
  CountedRow(
    name: "RateLimiter.acquire(), tokens there",
    limit: Counts(allocationsPerElement: 0.1, locksPerElement: 1.1, tasksPerRun: 0)
  ) { requests in
    let limiter = RateLimiter(permits: 1, per: .seconds(1), burst: 1_000_000)
    for _ in 0..<requests {
      do { try await limiter.acquire() } catch { print("acquire() row: \(error)") }
    }
  },
  CountedRow(
    name: "RateLimiter.acquire(), each waiting, on a TestClock",
    limit: Counts(allocationsPerElement: 4.1, locksPerElement: 22.1, tasksPerRun: 0)
  ) { requests in
    await withTestClock { clock in
      let limiter = RateLimiter(permits: 1, per: .seconds(1), burst: 1, clock: clock)
      let requesting = Task(executorPreference: clock.taskExecutor) {
        for _ in 0..<requests {
          do { try await limiter.acquire() } catch { print("waiting row: \(error)") }
        }
      }
      await clock.advance(by: .seconds(requests))
      await requesting.value
    }
  },
  CountedRow(
    name: "retry, per failed attempt, no backoff",
    limit: Counts(allocationsPerElement: 1.1, locksPerElement: 0.1, tasksPerRun: 0)
  ) { attempts in
    var made = 0
    do {
      try await retry(maxAttempts: attempts, clock: ContinuousClock()) {
        made += 1
        throw AttemptFailed()
      }
    } catch {
      if made != attempts { print("retry row: \(made) attempts") }
    }
  },
]
