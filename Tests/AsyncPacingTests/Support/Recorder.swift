import Synchronization

/// A thread-safe list that tasks append to and a test reads afterwards.
final class Recorder<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])

  func record(_ value: Value) {
    values.withLock { $0.append(value) }
  }

  var recorded: [Value] { values.withLock { $0 } }

  /// For real-clock wiring tests: waits until `count` values were recorded, polling, for at
  /// most ten seconds of a loaded machine.
  func wait(forCount count: Int) async {
    for _ in 0..<10_000 where recorded.count < count {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
}
