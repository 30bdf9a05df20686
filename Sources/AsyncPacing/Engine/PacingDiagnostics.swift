/// Counters for stress tools and benchmarks (`@_spi(Diagnostics) import AsyncPacing`): not
/// part of the supported API.
@_spi(Diagnostics)
public enum PacingDiagnostics {
  /// Internal tasks of every operator and pacer in this process that are still alive.
  public static var liveInternalTasks: Int { LiveTaskCounter.processWide.liveCount }

  /// Deadlines waiting in the timers that `ContinuousClock` and `SuspendingClock` share: one
  /// per pending pacer and per iterator whose machine waits for one, on those clocks.
  public static var pendingSharedDeadlines: Int { sharedTimerPendingDeadlines }

  /// Internal tasks started in this process so far.
  public static var startedInternalTasks: Int { LiveTaskCounter.processWide.startedCount }

  #if ASYNCPACING_COUNTING
    /// Locks taken in this process so far. Counted only in a build with
    /// `-Xswiftc -DASYNCPACING_COUNTING` (the counts CI checks), so that counting costs the
    /// library's ordinary builds nothing.
    public static var lockAcquisitions: Int { lockAcquisitionCount.load(ordering: .relaxed) }
  #endif
}

#if ASYNCPACING_COUNTING
  import Synchronization

  @usableFromInline let lockAcquisitionCount = Atomic<Int>(0)
#endif

extension AsyncPacingIterator {
  /// Values this iteration emitted that a later value replaced while they waited for a busy
  /// consumer (<doc:PacingContract>, "Delivery to the consumer").
  @_spi(Diagnostics)
  public var replacedOutputs: Int { counters.replacedOutputs }
}
