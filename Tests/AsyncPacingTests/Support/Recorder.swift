import Synchronization

/// A thread-safe list that tasks append to and a test reads afterwards.
final class Recorder<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])

  func record(_ value: Value) {
    values.withLock { $0.append(value) }
  }

  var recorded: [Value] { values.withLock { $0 } }
}
