import AsyncPacing

#if compiler(>=6.3) && canImport(Glibc)
  import Glibc
#endif

/// A moment in a job's run on its thread: the wall clock, and the thread's CPU time then.
///
/// The wall clock alone cannot tell a job's work from the time its thread waited for a core;
/// on a busy machine that time reaches tens of milliseconds (measured here: with both cores
/// busy, a 300 ms `Task.sleep` arrived 20 to 45 ms short of its deadline's `now`, its job
/// having run under a millisecond of code). A sleep's call may have been held up that long
/// since it read `now` (`TestExecutor.heldUpAtMost(until:)`), where its own work cannot hold it
/// up. Time a job blocks its thread (a semaphore, `usleep`, which Swift concurrency asks code
/// never to do on its threads) counts as not running too, which only widens the window.
struct ThreadRunningTime: Sendable {
  var wall: ContinuousClock.Instant
  /// `nil` where the thread's CPU clock cannot be read: all its time then counts as running.
  var cpu: Duration?

  /// A moment with no CPU time: it widens nothing.
  init(wall: ContinuousClock.Instant) {
    self.wall = wall
    cpu = nil
  }

  /// The calling thread's moment now.
  static var now: ThreadRunningTime {
    var moment = ThreadRunningTime(wall: .now)
    moment.cpu = threadCPUTime
    return moment
  }

  /// How long the thread this moment was taken on did not run between it and `later`, taken
  /// on the same thread: zero when either moment has no CPU time.
  func timeNotRunning(until later: ThreadRunningTime) -> Duration {
    guard let cpu, let laterCPU = later.cpu else { return .zero }
    return max(wall.duration(to: later.wall) - (laterCPU - cpu), .zero)
  }

  private static var threadCPUTime: Duration? {
    #if compiler(>=6.3) && canImport(Glibc)
      // Read only in the testing machinery, whose hooks and sleeps are Linux-only too.
      var time = timespec()
      guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return nil }
      return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    #else
      return nil
    #endif
  }
}
