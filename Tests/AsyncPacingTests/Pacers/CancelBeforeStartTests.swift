import AsyncPacing
import Synchronization
import Testing

/// <doc:PacingContract>, "The callback pacers": an action isolated to an actor that has not
/// begun when `cancel()` returns on that actor never begins. A storm of cancellations at random
/// points on the real clock (`ASYNCPACING_RANDOM_RUNS` sets how many per form).
@Suite struct CancelBeforeStartTests {
  @MainActor @Test func aMainActorDebouncersActionNeverBeginsAfterCancelReturns() async {
    let starts = MainActorStarts()
    await starts.storm { run in
      let debouncer = Debouncer(for: .zero) { @MainActor (_: Int) in starts.began(run: run) }
      return (send: { debouncer.send(run) }, cancel: { debouncer.cancel() })
    }
    #expect(starts.late == 0, "\(starts.late) of \(starts.total) began late")
  }

  @MainActor @Test func aMainActorThrottlersActionNeverBeginsAfterCancelReturns() async {
    let starts = MainActorStarts()
    await starts.storm { run in
      let throttler = Throttler(for: .milliseconds(1)) { @MainActor (_: Int) in
        starts.began(run: run)
      }
      return (send: { throttler.send(run) }, cancel: { throttler.cancel() })
    }
    #expect(starts.late == 0, "\(starts.late) of \(starts.total) began late")
  }

  @Test func anActorsActionNeverBeginsAfterCancelReturnsOnIt() async {
    let owner = PacerOwner()
    for run in 0..<RandomSchedules.count { await owner.sendAndCancel(run: run) }
    try? await Task.sleep(for: .milliseconds(20))
    let (late, total) = await owner.starts
    #expect(late == 0, "\(late) of \(total) began late")
  }
}

/// A nonisolated action may begin after a `cancel()` made elsewhere returned, if the runner's
/// check came first; it then begins on a cancelled task. (Late starts happen under load: 25 of
/// 15,544 starts in 20,000 runs with both cores busy, when measured.)
@Suite struct NonisolatedCancelTests {
  private struct Starts {
    var cancelledThrough = -1
    var total = 0
    var late = 0
    var lateOnARunningTask = 0
  }

  @Test func aNonisolatedActionThatBeginsAfterCancelReturnsIsCancelled() async {
    // LockedState, not a plain Mutex: contended, a Mutex hands over through the kernel, which
    // ThreadSanitizer cannot see, and it reported the accesses under it as a race.
    let starts = LockedState(Starts())
    for run in 0..<RandomSchedules.count {
      let debouncer = Debouncer(for: .zero) { (_: Int) in
        // Whether cancel() had returned is read first: if it had, the task was cancelled
        // before, and must read as cancelled now.
        let late = starts.withLock {
          $0.total += 1
          return $0.cancelledThrough >= run
        }
        let cancelled = Task.isCancelled
        guard late else { return }
        starts.withLock {
          $0.late += 1
          if !cancelled { $0.lateOnARunningTask += 1 }
        }
      }
      debouncer.send(run)
      for _ in 0..<(run % 5) { await Task.yield() }
      debouncer.cancel()
      starts.withLock { $0.cancelledThrough = run }
      for _ in 0..<3 { await Task.yield() }
    }
    try? await Task.sleep(for: .milliseconds(20))
    let seen = starts.withLock { $0 }
    #expect(
      seen.lateOnARunningTask == 0,
      "\(seen.lateOnARunningTask) of \(seen.late) late starts (of \(seen.total)) not cancelled")
  }
}

/// What the storm's main-actor actions saw: an action of run `r` that begins once `cancel()`
/// returned in run `r` began late.
@MainActor private final class MainActorStarts {
  private var cancelledThrough = -1
  private(set) var total = 0
  private(set) var late = 0

  func began(run: Int) {
    total += 1
    if cancelledThrough >= run { late += 1 }
  }

  /// Per run: a pacer, one value sent, 0 to 4 yields, `cancel()`, a few yields; then a wait
  /// for a runner that might still begin.
  func storm(_ make: (Int) -> (send: () -> Void, cancel: () -> Void)) async {
    for run in 0..<RandomSchedules.count {
      let pacer = make(run)
      pacer.send()
      for _ in 0..<(run % 5) { await Task.yield() }
      pacer.cancel()
      cancelledThrough = run
      for _ in 0..<3 { await Task.yield() }
    }
    try? await Task.sleep(for: .milliseconds(20))
  }
}

/// An actor whose debouncer's action is isolated to it, and which cancels on it.
private actor PacerOwner {
  private var cancelledThrough = -1
  private var total = 0
  private var late = 0

  var starts: (late: Int, total: Int) { (late, total) }

  func sendAndCancel(run: Int) async {
    let debouncer = Debouncer(for: .zero) { (_: Int) in
      self.total += 1
      if self.cancelledThrough >= run { self.late += 1 }
    }
    debouncer.send(run)
    for _ in 0..<(run % 5) { await Task.yield() }
    debouncer.cancel()
    cancelledThrough = run
    for _ in 0..<3 { await Task.yield() }
  }
}
