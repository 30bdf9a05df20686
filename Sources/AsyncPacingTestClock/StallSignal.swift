import AsyncPacing
import Synchronization

/// Carries the progress guard's message from its Dispatch thread into the test's task, where
/// an issue can be recorded, and stops the process if the body then ignores its cancellation,
/// or if, the body having returned, the clock's end does not come.
final class StallSignal: Sendable {
  /// Where the body is, for the message that stops the process.
  private enum BodyPhase {
    case running
    /// The body returned; its clock's teardown (auto-advance stopping, the leftover check)
    /// goes on.
    case tearingDown
    case finished
  }

  /// Whether the message can still reach the test's task.
  private enum Delivery {
    /// Nothing fired yet; the test's task may wait for it.
    case open(waiter: CheckedContinuation<String?, Never>?)
    /// Settled: the message delivered, or `nil` once the body finished first or the test was
    /// cancelled.
    case over(message: String?)

    /// Settles with `message`: what the caller does next.
    mutating func settle(_ message: String?) -> Settling {
      guard case .open(let waiter) = self else { return .wasOver }
      self = .over(message: message)
      return .settled(waiting: waiter)
    }
  }

  private enum Settling {
    /// This call settled it; the test's task, if it waits, is resumed with the message.
    case settled(waiting: CheckedContinuation<String?, Never>?)
    /// An earlier call did.
    case wasOver
  }

  private struct State {
    var delivery = Delivery.open(waiter: nil)
    var body = BodyPhase.running
  }

  private let state = Mutex(State())

  /// Whether the guard or auto-advance's limit fired.
  var hasFired: Bool {
    state.withLock { state in
      if case .over(message: .some) = state.delivery { return true }
      return false
    }
  }

  /// Hands the message to the test's task; once nobody waits for it there (the body finished
  /// and the clock is being shut down, or the test was cancelled), no issue can be recorded,
  /// and a hang that names its cause beats a silent one: the process stops.
  func fire(_ message: String) {
    guard case .settled(let waiter) = state.withLock({ $0.delivery.settle(message) }) else {
      fatalError(message)
    }
    waiter?.resume(returning: message)
  }

  func bodyReturned() {
    state.withLock { $0.body = .tearingDown }
  }

  func bodyFinished() {
    let settling = state.withLock { state in
      state.body = .finished
      return state.delivery.settle(nil)
    }
    if case .settled(let waiter?) = settling { waiter.resume(returning: nil) }
  }

  /// The guard's message, or `nil` once the body finished first or the test was cancelled.
  func wait() async -> String? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let delivery = state.withLock { state in
          if case .open = state.delivery { state.delivery = .open(waiter: continuation) }
          return state.delivery
        }
        if case .over(let message) = delivery { continuation.resume(returning: message) }
      }
    } onCancel: {
      if case .settled(let waiter?) = state.withLock({ $0.delivery.settle(nil) }) {
        waiter.resume(returning: nil)
      }
    }
  }

  func stopProcessUnlessBodyFinishes(within timeout: Duration, message: String) {
    WallClock.after(timeout) {
      switch self.state.withLock({ $0.body }) {
      case .finished:
        return
      case .running:
        fatalError(
          message + "\nThe test body then ignored its cancellation for another \(timeout).")
      case .tearingDown:
        fatalError(
          message + """

            The test body had returned, but the end of its clock did not come in another \
            \(timeout): automatic advancing was still settling work that does not run (main-actor \
            work while the main thread is blocked?), or the work left behind did not settle.
            """)
      }
    }
  }
}
