/// What a timeout throws: its own error, or the error of what it timed.
///
/// `withTimeout(for:tolerance:clock:isolation:operation:)`, its siblings and
/// `timeout(after:tolerance:clock:)` throw it, typed: `Failure` is the operation's or the
/// upstream's own error type, so nested timeouts nest in the type, and a `switch` tells which
/// fired.
///
/// ```swift
/// do {
///   let profile = try await withTimeout(for: .seconds(5)) {
///     try await api.profile()
///   }
///   show(profile)
/// } catch {
///   switch error {
///   case .timedOut(let deadline):
///     showRetry(reason: "no answer by \(deadline)")
///   case .failed(let failure): showError(failure)
///   }
/// }
/// ```
public enum TimeoutFailure<Instant: InstantProtocol, Failure: Error>: Error {
  /// The time ran out at `deadline`, an instant of the timeout's clock: the operation was
  /// cancelled and has returned, or the upstream's iteration was cancelled.
  ///
  /// ```swift
  /// if case .timedOut = failure { await retry() }
  /// ```
  case timedOut(deadline: Instant)
  /// The operation, or the upstream, threw `Failure` before the time ran out.
  ///
  /// ```swift
  /// if case .failed(let error) = failure { log(error) }
  /// ```
  case failed(Failure)

  /// Whether the time ran out, rather than the operation or upstream failing.
  ///
  /// ```swift
  /// catch { if error.isTimeout { await retry() } }
  /// ```
  public var isTimeout: Bool {
    if case .timedOut = self { true } else { false }
  }
}

extension TimeoutFailure: Equatable where Failure: Equatable {}
extension TimeoutFailure: Hashable where Failure: Hashable {}

extension TimeoutFailure: CustomStringConvertible {
  /// Says which: the deadline that ran out, or the error.
  ///
  /// ```swift
  /// print(failure)  // "timed out at its deadline, Instant(…)"
  /// ```
  public var description: String {
    switch self {
    case .timedOut(let deadline): "timed out at its deadline, \(deadline)"
    case .failed(let error): "failed before its deadline: \(error)"
    }
  }
}
