import AsyncPacing
import AsyncPacingTesting
import Synchronization

/// Code as it is written without a clock to inject: it sleeps with `Task.sleep` or a real
/// clock. Each records, in virtual time, when things happened.
enum UninjectedCode {
  /// The instants (offsets of the enclosing test clock) at which events happened.
  final class Timeline: Sendable {
    private let events = Mutex<[(String, Duration)]>([])

    func record(_ event: String) {
      events.withLock { $0.append((event, TestClock.current.now.offset)) }
    }

    var recorded: [String] { events.withLock { $0.map { "\($0.0)@\(milliseconds($0.1))" } } }

    private func milliseconds(_ duration: Duration) -> Int {
      let (seconds, attoseconds) = duration.components
      return Int(seconds) * 1000 + Int((attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000)
    }
  }

  /// A toast that hides itself after two seconds.
  static func showToast(on timeline: Timeline) async {
    timeline.record("shown")
    try? await Task.sleep(for: .seconds(2))
    timeline.record("hidden")
  }

  /// Polls every five seconds and stops after three polls.
  static func poll(on timeline: Timeline) async {
    for poll in 1...3 {
      try? await Task.sleep(for: .seconds(5))
      timeline.record("poll \(poll)")
    }
  }

  /// Retries with a doubling backoff, 1 s then 2 s then 4 s, written with nanoseconds.
  static func retry(on timeline: Timeline) async {
    var backoff: UInt64 = 1_000_000_000
    for attempt in 1...4 {
      timeline.record("attempt \(attempt)")
      guard attempt < 4 else { return }
      try? await Task.sleep(nanoseconds: backoff)
      backoff *= 2
    }
  }

  /// An actor that sleeps on `ContinuousClock`.
  actor Refresher {
    func refresh(on timeline: Timeline) async {
      try? await ContinuousClock().sleep(for: .seconds(30))
      timeline.record("refreshed")
    }
  }

  /// A main-actor function that sleeps on `SuspendingClock`.
  @MainActor static func fadeOut(on timeline: Timeline) async {
    try? await SuspendingClock().sleep(for: .milliseconds(250))
    timeline.record("faded")
  }

  /// A deadline four seconds ahead, computed in the same job as the sleep.
  static func waitForDeadline(on timeline: Timeline) async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(4))
    try? await ContinuousClock().sleep(until: deadline)
    timeline.record("deadline")
  }

  @MainActor static func waitForDeadlineOnTheMainActor(on timeline: Timeline) async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(4))
    try? await ContinuousClock().sleep(until: deadline)
    timeline.record("deadline")
  }

  /// Two sleepers in an `async let` pair and three in a task group.
  static func sleepersInParallel(on timeline: Timeline) async {
    async let short: Void = {
      try? await Task.sleep(for: .milliseconds(1500))
      timeline.record("short")
    }()
    async let long: Void = {
      try? await Task.sleep(for: .seconds(3))
      timeline.record("long")
    }()
    await withTaskGroup(of: Void.self) { group in
      for second in 1...3 {
        group.addTask {
          try? await Task.sleep(for: .seconds(second))
          timeline.record("group \(second)")
        }
      }
    }
    _ = await (short, long)
  }

  struct TimedOut: Error {}

  /// A hand-rolled timeout: the operation races a sleep, and the loser is cancelled.
  static func withTimeout<T: Sendable>(
    _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
      group.addTask { try await operation() }
      group.addTask {
        try await Task.sleep(for: timeout)
        throw TimedOut()
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else { throw TimedOut() }
      return first
    }
  }
}
