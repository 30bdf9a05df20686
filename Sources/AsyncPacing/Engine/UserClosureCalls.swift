import Synchronization

/// The task running a pacer's per-value interval closure, which runs under the pacer's lock:
/// a call back into the pacer from that closure then stops with a message naming the pacer and
/// the rule, rather than `Mutex`'s "Recursive call to lock Mutex".
///
/// The closure's caller records its task just before the call and clears it just after, under
/// the lock; a task that finds itself recorded when it calls into the pacer is inside the
/// closure. A thread outside any task is not recorded (its identity is 0), and such a call
/// traps in `Mutex` as before. Only the pacers' public entry points look, so a fixed interval
/// and every lock cost nothing more (a check in the lock cost `send` a fifth, measured).
@usableFromInline
final class UserClosureCalls: Sendable {
  @usableFromInline let caller = Atomic<Int>(0)

  @inlinable
  init() {}

  /// Runs the user's closure, recording the calling task meanwhile.
  @inlinable
  func run<Result>(_ closure: () -> Result) -> Result {
    caller.store(Self.currentTask, ordering: .relaxed)
    defer { caller.store(0, ordering: .relaxed) }
    return closure()
  }

  /// Stops the program with `message` if the calling task is inside the closure.
  @inlinable
  func refuseCallBack(_ message: StaticString) {
    let task = Self.currentTask
    guard task != 0, caller.load(ordering: .relaxed) == task else { return }
    preconditionFailure("\(message)")
  }

  /// The current task's address, or 0 outside a task: what `UnsafeCurrentTask.hashValue`
  /// hashes, without the hashing. The struct is one reference, no two live tasks share an
  /// address, and it is only compared, never turned back into a reference.
  @inlinable
  static var currentTask: Int {
    withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: Int.self) } ?? 0 }
  }
}
