/// A wait that only its task's cancellation ends for good: nobody waits, a continuation waits
/// to be resumed, or the wait was cancelled and every later one returns at once. Auto-advance
/// waits so for a change on its clock, and a marble diagram with no ending for its iteration's
/// end.
package enum CancellableWait: Sendable {
  case idle
  case waiting(UnsafeContinuation<Void, Never>)
  case cancelled

  /// Stores `continuation`; `false` if cancelled, when the caller resumes it at once.
  package mutating func park(_ continuation: UnsafeContinuation<Void, Never>) -> Bool {
    if case .cancelled = self { return false }
    self = .waiting(continuation)
    return true
  }

  /// Takes the waiting continuation, to resume it; the wait stays cancelled if it was.
  package mutating func take() -> UnsafeContinuation<Void, Never>? {
    guard case .waiting(let continuation) = self else { return nil }
    self = .idle
    return continuation
  }

  /// Cancels for good, and hands back the waiting continuation, to resume it.
  package mutating func cancel() -> UnsafeContinuation<Void, Never>? {
    defer { self = .cancelled }
    return take()
  }
}

/// Suspends until `park` declines to store the continuation, something resumes the stored
/// one, or the task is cancelled (`cancel` then hands it back). Both closures take the
/// caller's lock, and `cancel` leaves the wait `.cancelled` under it: a `park` after it declines,
/// one before it is handed back, so no continuation is left parked.
package func waitCancellably(
  park: (UnsafeContinuation<Void, Never>) -> Bool,
  cancel: @Sendable () -> UnsafeContinuation<Void, Never>?
) async {
  await withTaskCancellationHandler {
    await withUnsafeContinuation { continuation in
      if !park(continuation) { continuation.resume() }
    }
  } onCancel: {
    cancel()?.resume()
  }
}
