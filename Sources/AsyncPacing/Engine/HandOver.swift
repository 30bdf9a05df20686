import Synchronization

/// Hands a value that is not `Sendable` to another task, once: the value moves, it is not
/// shared.
package final class HandOver<Value>: Sendable {
  private let slot: Mutex<Value?>

  package init(_ value: sending Value) {
    slot = Mutex(value)
  }

  package func take() -> sending Value? {
    slot.withLock { value in
      let taken = value.take()
      return taken
    }
  }
}

/// Where a value that is not `Sendable` waits for the task that takes it: put once, taken once.
package final class ResultSlot<Value>: Sendable {
  private let handOver = Mutex<HandOver<Value>?>(nil)

  package init() {}

  package func put(_ value: sending Value) {
    let handed = HandOver(value)
    handOver.withLock { $0 = handed }
  }

  package func take() -> sending Value? {
    handOver.withLock { $0 }?.take()
  }
}
