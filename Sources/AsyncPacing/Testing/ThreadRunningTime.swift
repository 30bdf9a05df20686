#if compiler(>=6.3) && canImport(Glibc)
  import Glibc
#endif

/// A moment in a job's run on its thread: the wall clock and the thread's CPU time then.
///
/// The wall clock alone cannot tell a job's work from the time its thread was descheduled or
/// blocked; on a busy machine that time reaches tens of milliseconds (measured here: with both
/// cores busy, a 300 ms `Task.sleep` arrived 20 to 45 ms short of its deadline's `now`, its job
/// having run 2 µs of code). A recovered sleep's bound widens by that time, no work of the
/// caller's (`RecoveredDuration`).
struct ThreadRunningTime: Sendable {
  var wall: ContinuousClock.Instant
  /// `nil` where the thread's CPU clock cannot be read: all its time then counts as running.
  var cpu: Duration?

  /// The calling thread's moment now.
  static var now: ThreadRunningTime {
    ThreadRunningTime(wall: .now, cpu: threadCPUTime)
  }

  /// How long the calling thread, the one this moment was taken on, has not run since.
  var timeNotRunning: Duration {
    guard let cpu, let cpuNow = Self.threadCPUTime else { return .zero }
    let notRunning = wall.duration(to: .now) - (cpuNow - cpu)
    return max(notRunning, .zero)
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
