import AsyncPacing
import Dispatch

/// Watches, on the wall clock, that a test clock's test keeps making progress, and calls
/// `onStall` once when it has made none for `timeout`.
///
/// It polls from a Dispatch queue, not from a task: a test that blocks the cooperative pool or
/// the main thread must still be caught. Time during which the cooperative pool itself runs
/// nothing new (a loaded machine, a sanitizer, a suite of tests hogging its threads) does not
/// count: a test waiting for the pool is slow, not stuck. Measured here: under the thread
/// sanitizer, with this package's suite running in parallel on two cores, a test waited more
/// than 30 seconds for the pool, which the default 5-second guard rides out this way. A pool
/// that stays starved for ten timeouts (50 seconds by default) is reported all the same, since
/// its threads may be blocked for good.
final class ProgressWatchdog: Sendable {
  private struct State {
    var isStopped = false
    var lastMark: TestClock.ProgressMark?
    /// The last progress, or the last check at which the pool was starved.
    var lastProgress: ContinuousClock.Instant
    /// The last progress, starved or not: the bound on a pool blocked for good.
    var lastRealProgress: ContinuousClock.Instant
  }

  private let state: LockedState<State>
  private let timeout: Duration
  private let mark: @Sendable () -> TestClock.ProgressMark
  private let onStall: @Sendable (_ poolWait: Duration) -> Void

  init(
    timeout: Duration, mark: @escaping @Sendable () -> TestClock.ProgressMark,
    onStall: @escaping @Sendable (_ poolWait: Duration) -> Void
  ) {
    let now = ContinuousClock.now
    self.state = LockedState(State(lastProgress: now, lastRealProgress: now))
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
  private var checkInterval: Duration {
    min(max(timeout / 10, .milliseconds(1)), .seconds(1))
  }

  /// The pending check holds the watchdog weakly: a test that ended frees its clock at once,
  /// not at the next check.
  private func scheduleCheck() {
    WallClock.after(checkInterval) { [weak self] in self?.check() }
  }

  /// What one check found.
  private enum Finding {
    /// The guard was stopped: no more checks.
    case stopped
    /// Progress, or not long enough without it: check again later.
    case progress
    case stall
  }

  private func check() {
    let current = mark()
    let now = ContinuousClock.now
    let poolWait = CooperativePoolProbe.shared.waitingTime(at: now)
    let poolIsStarved = poolWait > checkInterval * 2
    let finding = state.withLock { state -> Finding in
      if state.isStopped { return .stopped }
      if state.lastMark != current {
        state.lastMark = current
        state.lastProgress = now
        state.lastRealProgress = now
        return .progress
      }
      if poolIsStarved { state.lastProgress = now }
      guard now - state.lastProgress >= timeout || now - state.lastRealProgress >= timeout * 10
      else { return .progress }
      state.isStopped = true
      return .stall
    }
    switch finding {
    case .stopped: return
    case .stall: onStall(poolIsStarved ? poolWait : .zero)
    case .progress: scheduleCheck()
    }
  }
}

/// One task at a time on the cooperative pool, for every watchdog of the process: how long the
/// current one has waited to run says whether the pool runs anything.
final class CooperativePoolProbe: Sendable {
  static let shared = CooperativePoolProbe()

  private let postedAt = LockedState<ContinuousClock.Instant?>(nil)

  /// How long the probe posted last has waited so far; posts one when none waits.
  func waitingTime(at now: ContinuousClock.Instant) -> Duration {
    let waited = postedAt.withLock { postedAt -> Duration? in
      if let postedAt { return now - postedAt }
      postedAt = now
      return nil
    }
    guard let waited else {
      // Detached on purpose: the probe must run on the cooperative pool, whatever executor
      // the caller prefers; it touches no clock, so no test can wait for it.
      Task.detached { self.postedAt.withLock { $0 = nil } }
      return .zero
    }
    return waited
  }
}

/// The one wall-clock timer of the progress guard and of what follows a stall: a Dispatch
/// queue, not a task, so that a test blocking the cooperative pool or the main thread is
/// still caught.
package enum WallClock {
  /// Calls `work` on a Dispatch thread once `delay` of wall-clock time has passed.
  package static func after(_ delay: Duration, _ work: @escaping @Sendable () -> Void) {
    let (seconds, attoseconds) = delay.components
    let nanoseconds = min(seconds, 1 << 32) * 1_000_000_000 + attoseconds / 1_000_000_000
    DispatchQueue.global().asyncAfter(
      deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: work)
  }

  /// Returns once `delay` of wall-clock time has passed: a wait no test clock takes for a
  /// sleep of the test's, and no cancellation shortens.
  package static func pause(_ delay: Duration) async {
    await withCheckedContinuation { continuation in after(delay) { continuation.resume() } }
  }
}
