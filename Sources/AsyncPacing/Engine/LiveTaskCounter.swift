import Synchronization

/// Counts the internal tasks that are alive, so tests can prove that none is left behind.
///
/// Every task AsyncPacing starts is counted in the process-wide counter, and by the host of the
/// clock it runs for, if any (``PacingHost/internalTaskStarted()``): a test clock keeps a
/// counter of its own, so that parallel tests do not see each other's tasks.
@usableFromInline
package final class LiveTaskCounter: Sendable {
  @usableFromInline let live = Atomic<Int>(0)
  @usableFromInline let started = Atomic<Int>(0)

  @usableFromInline
  package init() {}

  /// Tasks started for any clock in this process.
  @usableFromInline
  static let processWide = LiveTaskCounter()

  @inlinable
  package func taskStarted() {
    live.add(1, ordering: .relaxed)
    started.add(1, ordering: .relaxed)
  }

  @inlinable
  package func taskEnded() {
    live.subtract(1, ordering: .relaxed)
  }

  /// Internal tasks alive now.
  package var liveCount: Int { live.load(ordering: .relaxed) }

  /// Internal tasks started so far.
  package var startedCount: Int { started.load(ordering: .relaxed) }
}
