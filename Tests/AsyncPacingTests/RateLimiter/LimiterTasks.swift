import AsyncPacingTesting
import Synchronization

@testable import AsyncPacing

/// The names of the tasks a limiter let go, in the order they went on.
final class GrantLog: Sendable {
  let entries = Mutex<[String]>([])

  func append(_ name: String) { entries.withLock { $0.append(name) } }

  var names: [String] { entries.withLock { $0 } }
}

extension GrantLog {
  /// A task on `clock` that acquires `count` tokens of `limiter`, logs `name`, and returns the
  /// instant it got them. It has joined the line when this returns.
  func acquiring(
    _ limiter: RateLimiter<TestClock>, _ count: Int, _ name: String, on clock: TestClock
  ) async -> Task<TestClock.Instant, any Error> {
    let task = Task(executorPreference: clock.taskExecutor) { [self] in
      try await limiter.acquire(count)
      append(name)
      return clock.now
    }
    await clock.settle()
    return task
  }
}
