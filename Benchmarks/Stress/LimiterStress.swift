import AsyncPacing
import Synchronization

/// What a limiter stress run saw.
struct LimiterStressOutcome {
  var granted = 0
  var cancelled = 0
  /// Grants whose tokens, with all granted no later, exceed what the bucket could hold by then.
  var overGranted = 0
  /// Whether the bucket filled up again once everyone had left: no token lost to a waiter
  /// that left, none kept by one.
  var refilled = false
}

/// 16 tasks acquire `acquisitions` times in all from one limiter on the continuous clock, a
/// tenth of the requests cancelled at a random moment. Every request must end, granted or with
/// `CancellationError`; no prefix of the grants may take more tokens than the bucket held and
/// had received by the last of them; and once all have left, the bucket must fill up again.
func limiterStress(acquisitions: Int) async -> LimiterStressOutcome {
  let permits = 50_000
  let burst = 8
  let limiter = RateLimiter(permits: permits, per: .seconds(1), burst: burst)
  let start = ContinuousClock.now
  let record = GrantRecord()
  let perTask = acquisitions / 16
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<16 {
      group.addTask {
        for _ in 0..<perTask {
          let count = Int.random(in: 1...3)
          let request = Task {
            try await limiter.acquire(count)
            let at = ContinuousClock.now - start
            record.grants.withLock { $0.append((at, count)) }
          }
          if Int.random(in: 0..<10) == 0 {
            for _ in 0..<Int.random(in: 0...3) { await Task.yield() }
            request.cancel()
          }
          if case .failure = await request.result { record.cancelled.add(1, ordering: .relaxed) }
        }
      }
    }
  }
  var outcome = LimiterStressOutcome()
  let sorted = record.grants.withLock { $0 }.sorted { $0.at < $1.at }
  outcome.granted = sorted.count
  outcome.cancelled = record.cancelled.load(ordering: .relaxed)
  // Each grant's instant is read after it: all granted by a reading came no later than it,
  // so their tokens are at most the burst plus those arrived by then.
  var taken = 0
  for grant in sorted {
    taken += grant.count
    let arrived = Int(grant.at.attoseconds * Int128(permits) / 1_000_000_000_000_000_000)
    if taken > burst + arrived { outcome.overGranted += 1 }
  }
  try? await Task.sleep(for: .milliseconds(10))
  outcome.refilled = limiter.tryAcquire(burst)
  return outcome
}

/// The grants and cancellations of a limiter stress run, shared by its tasks. The grants are
/// kept under the package's `LockedState`, whose hand-offs ThreadSanitizer can see: under a
/// plain `Mutex`, contended on Linux, it reports every access as a race.
final class GrantRecord: Sendable {
  let grants = LockedState<[(at: Duration, count: Int)]>([])
  let cancelled = Atomic(0)
}
