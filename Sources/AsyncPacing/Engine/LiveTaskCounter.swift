import Synchronization

/// Counts the internal tasks that are alive, so tests can prove that none is left behind.
///
/// Every task AsyncPacing starts is counted twice: in the process-wide counter, and in the
/// counter of the clock it runs for (a ``TestClock`` has its own, so parallel tests do not see
/// each other's tasks).
@usableFromInline
final class LiveTaskCounter: Sendable {
  @usableFromInline let live = Atomic<Int>(0)
  @usableFromInline let started = Atomic<Int>(0)

  @usableFromInline
  init() {}

  /// Tasks started for any clock in this process.
  @usableFromInline
  static let processWide = LiveTaskCounter()

  @inlinable
  func taskStarted() {
    live.add(1, ordering: .relaxed)
    started.add(1, ordering: .relaxed)
  }

  @inlinable
  func taskEnded() {
    live.subtract(1, ordering: .relaxed)
  }

  /// Internal tasks alive now.
  var liveCount: Int { live.load(ordering: .relaxed) }

  /// Internal tasks started so far.
  var startedCount: Int { started.load(ordering: .relaxed) }
}
