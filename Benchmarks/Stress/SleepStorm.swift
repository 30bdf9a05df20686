import AsyncPacing
import AsyncPacingTesting
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one storm of real-clock sleeps on a test clock gave: each sleep's request against the
/// duration the clock recovered, and which sleeps it warned of.
struct SleepStormOutcome {
  var sleepers: Int
  var wrong = 0
  var wrongAndWarned = 0
  var warned = 0
  /// Recovered more than the bound below the request: the contract says never.
  var tooShort = 0
  var longestOvershoot = Duration.zero
}

/// `sleepers` task-group children, each sleeping a random 1–1,000 ms with `Task.sleep`, on a
/// test clock that advances by itself, while `busyThreads` threads spin.
func sleepStorm(sleepers: Int, busyThreads: Int) async -> SleepStormOutcome {
  let spinning = BusyThreads(count: busyThreads)
  defer { spinning.stop() }
  // Which durations does not matter, only that they are many and varied: the timing that makes
  // a recovery doubtful cannot be replayed anyway.
  let requests = (0..<sleepers).map { _ in Int.random(in: 1...1_000) }
  let (recovered, warnings) = await withTestClock(advancing: .automatic) { clock in
    let recovered = await withTaskGroup(of: (Int, Duration).self) { group in
      for (index, milliseconds) in requests.enumerated() {
        group.addTask(name: "sleep \(index)") {
          let start = clock.now
          try? await Task.sleep(for: .milliseconds(milliseconds))
          return (index, start.duration(to: clock.now))
        }
      }
      var recovered = [Duration](repeating: .zero, count: sleepers)
      for await (index, duration) in group { recovered[index] = duration }
      return recovered
    }
    let warnings = clock.warnings
    clock.stopPrintingDiagnostics()
    return (recovered, warnings)
  }
  let warnedSleeps = Set(
    warnings.compactMap { warning -> Int? in
      guard let start = warning.range(of: "in the task \"sleep ") else { return nil }
      return Int(warning[start.upperBound...].prefix { $0.isNumber })
    })
  var outcome = SleepStormOutcome(sleepers: sleepers, warned: warnedSleeps.count)
  for (index, milliseconds) in requests.enumerated() {
    let request = Duration.milliseconds(milliseconds)
    let taken = recovered[index]
    if taken < request - .milliseconds(20) { outcome.tooShort += 1 }
    guard taken != request else { continue }
    outcome.wrong += 1
    if warnedSleeps.contains(index) { outcome.wrongAndWarned += 1 }
    outcome.longestOvershoot = max(outcome.longestOvershoot, taken - request)
  }
  return outcome
}

/// Threads that spin until stopped: a loaded machine.
final class BusyThreads: Sendable {
  private static let spinning = Atomic<Bool>(false)
  private let count: Int

  init(count: Int) {
    self.count = count
    guard count > 0 else { return }
    Self.spinning.store(true, ordering: .releasing)
    for _ in 0..<count {
      var thread = pthread_t()
      pthread_create(
        &thread, nil,
        { _ in
          while BusyThreads.spinning.load(ordering: .relaxed) {}
          return nil
        }, nil)
      pthread_detach(thread)
    }
  }

  func stop() {
    Self.spinning.store(false, ordering: .releasing)
  }
}
