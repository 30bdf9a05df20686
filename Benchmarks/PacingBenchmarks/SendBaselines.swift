import Synchronization

/// The floor for "remember this value and when it came": a clock reading and an uncontended
/// `Mutex` update. A pacer's `send` does this and decides; it cannot do less.
final class ClockAndMutexFloor: Sendable {
  private let latest = Mutex((value: 0, at: ContinuousClock.now))

  func send(_ value: Int) {
    let now = ContinuousClock.now
    latest.withLock { $0 = (value, now) }
  }
}

/// The hand-rolled debouncer many apps carry: cancel the previous task, start a new one that
/// sleeps and then acts. One task per value.
final class TaskPerValueDebouncer: Sendable {
  private let task = Mutex<Task<Void, Never>?>(nil)
  /// Every task started since the last wait, so the benchmark can wait for them untimed.
  private let started = Mutex<[Task<Void, Never>]>([])
  private let interval: Duration

  init(interval: Duration) {
    self.interval = interval
  }

  func send(_ value: Int) {
    let interval = interval
    let next = Task {
      do {
        try await Task.sleep(for: interval)
      } catch {
        return
      }
      if value == 42 { print(value) }
    }
    task.withLock { previous in
      previous?.cancel()
      previous = next
    }
    started.withLock { $0.append(next) }
  }

  func waitForItsTasks() async {
    for task in started.withLock({ tasks in
      defer { tasks = [] }
      return tasks
    }) {
      await task.value
    }
  }

  func cancel() {
    task.withLock { $0?.cancel() }
  }
}

/// Sends `count` values from `threads` tasks at once and returns a checksum.
func sendConcurrently(
  threads: Int, count: Int, _ send: @escaping @Sendable (Int) -> Void
) async -> Int {
  await withTaskGroup { group in
    for thread in 0..<threads {
      group.addTask {
        let share = count / threads
        for value in (thread * share)..<((thread + 1) * share) { send(value) }
      }
    }
  }
  return count
}
