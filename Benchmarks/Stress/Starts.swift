import Synchronization

/// A thread-safe list of what an action saw.
final class Starts: Sendable {
  private let values = Mutex<[String]>([])

  func record(_ value: String) {
    values.withLock { $0.append(value) }
  }

  var all: [String] { values.withLock { $0 } }
}

/// Detects an action running concurrently with itself.
final class OverlapCheck: Sendable {
  private let state = Mutex((running: 0, overlapped: false))

  func enter() {
    state.withLock {
      $0.running += 1
      if $0.running > 1 { $0.overlapped = true }
    }
  }

  func leave() {
    state.withLock { $0.running -= 1 }
  }

  var overlapped: Bool { state.withLock { $0.overlapped } }
}
