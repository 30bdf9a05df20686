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

  private struct State {
    var message: String?
    var isOver = false
    var body = BodyPhase.running
    var waiter: CheckedContinuation<String?, Never>?
  }

  private let state = Mutex(State())

  /// Whether the guard or auto-advance's limit fired.
  var hasFired: Bool { state.withLock { $0.message != nil } }

  /// Hands the message to the test's task; once nobody waits for it there (the body finished
  /// and the clock is being shut down, or the test was cancelled), no issue can be recorded,
  /// and a hang that names its cause beats a silent one: the process stops.
  func fire(_ message: String) {
    let (isDelivered, waiter) = state.withLock {
      state -> (Bool, CheckedContinuation<String?, Never>?) in
      guard !state.isOver else { return (false, nil) }
      state.message = message
      state.isOver = true
      defer { state.waiter = nil }
      return (true, state.waiter)
    }
    guard isDelivered else { fatalError(message) }
    waiter?.resume(returning: message)
  }

  func bodyReturned() {
    state.withLock { $0.body = .tearingDown }
  }

  func bodyFinished() {
    let waiter = state.withLock { state in
      state.body = .finished
      state.isOver = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: nil)
  }

  /// The guard's message, or `nil` once the body finished first or the test was cancelled.
  func wait() async -> String? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready: String?? = state.withLock { state in
          guard !state.isOver else { return .some(state.message) }
          state.waiter = continuation
          return .none
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        state.isOver = true
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: nil)
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
