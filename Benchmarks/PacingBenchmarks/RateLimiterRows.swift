import AsyncPacing
import Synchronization

/// A bare `Mutex` update: the baseline the limiter's fast path is judged against.
final class BareMutexUpdate: Sendable {
  private let count = Mutex(0)

  func take() -> Bool {
    count.withLock {
      $0 &+= 1
      return true
    }
  }
}

/// `RateLimiter`'s fast path, tokens always there (a bucket larger than all the calls), against a bare
/// `Mutex` update. Target: at most 2×. The clock reading plus the update is a reference: a
/// limiter must know when each request came.
func measureRateLimiter(runs: Int) async {
  let count = 200_000
  let bare = BareMutexUpdate()
  let floor = ClockAndMutexFloor()
  let limiter = RateLimiter(permits: 1_000, per: .seconds(1), burst: 1_000_000_000)
  await measureTable(
    "RateLimiter with tokens always there, \(count) calls from one task (target: at most 2× "
      + "a bare Mutex update)",
    baseline: Workload(name: "a bare Mutex update", elements: count) {
      var taken = 0
      for _ in 0..<count where bare.take() { taken &+= 1 }
      return taken
    },
    rows: [
      Workload(name: "tryAcquire()", elements: count) {
        var taken = 0
        for _ in 0..<count where limiter.tryAcquire() { taken &+= 1 }
        return taken
      },
      Workload(name: "acquire(), never waiting", elements: count) {
        var taken = 0
        for _ in 0..<count {
          do {
            try await limiter.acquire()
            taken &+= 1
          } catch {
            return -1
          }
        }
        return taken
      },
    ], target: 2,
    references: [
      Workload(name: "ContinuousClock.now + Mutex update", elements: count) {
        for value in 0..<count { floor.send(value) }
        return count
      }
    ], runs: runs)
}
