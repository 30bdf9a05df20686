import Dispatch

/// Watches, on the wall clock, that a test clock's test keeps making progress, and calls
/// `onStall` once when it has made none for `timeout`.
///
/// It polls from a Dispatch queue, not from a task: a test that blocks the cooperative pool or
/// the main thread must still be caught.
final class ProgressWatchdog: Sendable {
  private struct State {
    var isStopped = false
    var lastMark: TestClock.ProgressMark?
    var lastProgress: ContinuousClock.Instant
  }

  private let state: LockedState<State>
  private let timeout: Duration
  private let mark: @Sendable () -> TestClock.ProgressMark
  private let onStall: @Sendable () -> Void

  init(
    timeout: Duration, mark: @escaping @Sendable () -> TestClock.ProgressMark,
    onStall: @escaping @Sendable () -> Void
  ) {
    self.state = LockedState(State(lastProgress: .now))
    self.timeout = timeout
    self.mark = mark
    self.onStall = onStall
    scheduleCheck()
  }

  func stop() {
    state.withLock { $0.isStopped = true }
  }

  /// A tenth of the timeout, between a millisecond and a second: a stall is caught within
  /// 10 % of the timeout, and an idle watchdog wakes at most once a second.
  private var checkInterval: DispatchTimeInterval {
    let tenth = timeout / 10
    let bounded = min(max(tenth, .milliseconds(1)), .seconds(1))
    let (seconds, attoseconds) = bounded.components
    return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }

  /// The pending check holds the watchdog weakly: a test that ended frees its clock at once,
  /// not at the next check.
  private func scheduleCheck() {
    DispatchQueue.global().asyncAfter(deadline: .now() + checkInterval) { [weak self] in
      self?.check()
    }
  }

  private func check() {
    let current = mark()
    let now = ContinuousClock.now
    let stalled: Bool? = state.withLock { state in
      if state.isStopped { return nil }
      if state.lastMark != current {
        state.lastMark = current
        state.lastProgress = now
        return false
      }
      guard now - state.lastProgress >= timeout else { return false }
      state.isStopped = true
      return true
    }
    switch stalled {
    case nil: return
    case true?: onStall()
    case false?: scheduleCheck()
    }
  }
}
