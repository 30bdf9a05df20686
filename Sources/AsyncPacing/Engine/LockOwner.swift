import Synchronization

/// The task holding a pacer's lock, so that a call back into the pacer from user code run
/// under that lock (its per-value interval closure) stops with a message naming the pacer and
/// the rule, rather than `Mutex`'s "Recursive call to lock Mutex".
///
/// The holder records its task after locking and clears it before unlocking, so a task that
/// finds itself recorded before it locks holds the lock already: it called back. A thread
/// outside any task is not recorded (its identity is 0), and such a call traps in `Mutex` as
/// before.
@usableFromInline
final class LockOwner: Sendable {
  @usableFromInline let holder = Atomic<Int>(0)
  @usableFromInline let reentranceMessage: String

  @inlinable
  init(reentranceMessage: String) {
    self.reentranceMessage = reentranceMessage
  }

  /// The calling task's identity, after checking it does not hold the lock already.
  @inlinable
  func enter() -> Int {
    let task = withUnsafeCurrentTask { $0?.hashValue ?? 0 }
    if task != 0 && holder.load(ordering: .relaxed) == task {
      preconditionFailure(reentranceMessage)
    }
    return task
  }

  @inlinable
  func hold(_ task: Int) {
    holder.store(task, ordering: .relaxed)
  }
}
