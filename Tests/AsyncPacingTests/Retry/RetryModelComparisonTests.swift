import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// `retry` on a ``TestClock`` against a model of the contract's "Retry" on random schedules:
/// which attempts succeed, what the strategy answers, and when the task is cancelled (after
/// everything due at that step has run).
@Suite struct RetryModelComparisonTests {
  struct Schedule: CustomStringConvertible {
    var maxAttempts: Int
    /// Per attempt: whether it succeeds, and the strategy's answer if it fails (`nil`: stop).
    var succeeds: [Bool]
    var backoffs: [Int?]
    var cancelAt: Int?

    init(using random: inout SplitMix64) {
      maxAttempts = Int(random.next() % 5) + 1
      succeeds = (0..<maxAttempts).map { _ in random.next() % 4 == 0 }
      backoffs = (0..<maxAttempts).map { _ in random.next() % 5 == 0 ? nil : Int(random.next() % 4)
      }
      cancelAt = random.next() % 3 == 0 ? Int(random.next() % 10) : nil
    }

    var description: String {
      "maxAttempts \(maxAttempts), succeeds \(succeeds), backoffs \(backoffs), cancel at "
        + "\(cancelAt.map(String.init) ?? "never")"
    }
  }

  /// The attempts' start steps, and how the call ended: `"ok n"`, `"error n"` (attempt n's
  /// error) or `"cancelled@s"`.
  struct Run: Equatable, CustomStringConvertible {
    var starts: [Int] = []
    var ending = ""
    var description: String { "starts \(starts), \(ending)" }
  }

  static func expected(_ schedule: Schedule) -> Run {
    var run = Run()
    var now = 0
    for attempt in 0..<schedule.maxAttempts {
      run.starts.append(now)
      if schedule.succeeds[attempt] {
        run.ending = "ok \(attempt)"
        return run
      }
      guard attempt < schedule.maxAttempts - 1, let backoff = schedule.backoffs[attempt] else {
        run.ending = "error \(attempt)"
        return run
      }
      let end = now + backoff
      if backoff > 0, let cancelAt = schedule.cancelAt, cancelAt < end {
        run.ending = "cancelled@\(max(cancelAt, now))"
        return run
      }
      now = end
    }
    fatalError("unreachable: the last attempt ends the run")
  }

  struct AttemptFailure: Error { var attempt: Int }

  static func actual(_ schedule: Schedule) async -> Run {
    await withTestClock { clock in
      let starts = Mutex<[Int]>([])
      func step() -> Int { Int(TestClock.Instant().duration(to: clock.now).components.seconds) }
      let task = Task(executorPreference: clock.taskExecutor) { () -> String in
        do {
          let attempt = try await retry(maxAttempts: schedule.maxAttempts, clock: clock) {
            () throws(AttemptFailure) -> Int in
            let attempt = starts.withLock {
              $0.append(step())
              return $0.count - 1
            }
            guard schedule.succeeds[attempt] else { throw AttemptFailure(attempt: attempt) }
            return attempt
          } strategy: { (failure: AttemptFailure) in
            schedule.backoffs[failure.attempt].map { .backoff(.seconds($0)) } ?? .stop
          }
          return "ok \(attempt)"
        } catch let failure as AttemptFailure {
          return "error \(failure.attempt)"
        } catch {
          return "cancelled@\(step())"
        }
      }
      for now in 0...12 {
        await clock.advance(to: TestClock.Instant(offset: .seconds(now)))
        if schedule.cancelAt == now { task.cancel() }
      }
      let ending = await task.value
      return Run(starts: starts.withLock { $0 }, ending: ending)
    }
  }

  @Test func retryMatchesTheModel() async {
    var random = SplitMix64(seed: RandomSchedules.seed &+ 55_000)
    for run in 0..<RandomSchedules.scenarioCount {
      let schedule = Schedule(using: &random)
      let expected = Self.expected(schedule)
      let actual = await Self.actual(schedule)
      #expect(actual == expected, "run \(run): \(schedule): expected \(expected), got \(actual)")
      if actual != expected { return }
    }
  }
}
