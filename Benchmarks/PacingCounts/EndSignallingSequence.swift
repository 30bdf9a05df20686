import Synchronization

/// `0..<count`, never suspending, that says when it has given its last element: the consumer is
/// cancelled then, rather than waiting out a pacing operator's last interval.
struct EndSignallingSequence: AsyncSequence, Sendable {
  typealias Failure = Never
  let count: Int
  let end: EndSignal

  struct AsyncIterator: AsyncIteratorProtocol {
    var next = 0
    let count: Int
    let end: EndSignal

    @inline(never)
    mutating func next() async -> Int? {
      guard next < count else {
        end.signal()
        return nil
      }
      defer { next += 1 }
      return next
    }

    @inline(never)
    mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      await next()
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(count: count, end: end)
  }
}

/// Resumes whoever waits for the end, once.
final class EndSignal: Sendable {
  private enum State {
    case waiting(CheckedContinuation<Void, Never>?)
    case ended
  }

  private let state = Mutex(State.waiting(nil))

  func signal() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard case .waiting(let waiter) = state else { return nil }
      state = .ended
      return waiter
    }
    waiter?.resume()
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let hasEnded = state.withLock { state -> Bool in
        guard case .waiting = state else { return true }
        state = .waiting(continuation)
        return false
      }
      if hasEnded { continuation.resume() }
    }
  }
}
