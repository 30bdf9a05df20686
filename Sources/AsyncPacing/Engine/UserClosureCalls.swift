import Synchronization

/// The task running a pacer's per-value interval closure, which runs under the pacer's lock:
/// a call back into the pacer from that closure then stops with a message naming the pacer and
/// the rule, rather than `Mutex`'s "Recursive call to lock Mutex".
///
/// The closure's caller records its task just before the call and clears it just after, under
/// the lock; a task that finds itself recorded when it calls into the pacer is inside the
/// closure. A thread outside any task is not recorded (its identity is 0), and such a call
/// traps in `Mutex` as before. Only the pacers' public entry points look, so a fixed interval
/// and every lock cost nothing more (a check in the lock cost `send` a fifth, measured); a
/// per-value closure's call costs one hash of the task.
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

  /// Stops the program, naming the pacer and the contract's rule, if the calling task is
  /// inside the closure. The task is looked up only while some task is: the common path reads
  /// one atomic.
  @inlinable
  func refuseCallBack(pacer: StaticString, rule: StaticString) {
    let caller = caller.load(ordering: .relaxed)
    guard caller != 0, caller == Self.currentTask else { return }
    Self.stopCallBack(pacer: pacer, rule: rule)
  }

  @usableFromInline @inline(never)
  static func stopCallBack(pacer: StaticString, rule: StaticString) -> Never {
    let name = "\(pacer)"
    // `fatalError`, not `preconditionFailure`: the message must survive a release build.
    fatalError(
      """
      \(name): called from its own per-value interval closure (`\(name)(for: { value in … })`), \
      which runs under the \(name.lowercased())'s lock; the closure must not call the \
      \(name.lowercased()) (the pacing contract, "\(rule)"): decide in the action, or send from \
      another task
      """)
  }

  /// The current task's hash, or 0 outside a task (or, with odds of 2⁻⁶⁴, for a task whose hash
  /// is 0, which is then not recognised). `UnsafeCurrentTask` hashes the task's identity, and
  /// only the task running the closure is ever recorded, so another task matches only by a
  /// 64-bit collision.
  @inlinable
  static var currentTask: Int {
    withUnsafeCurrentTask { task in task?.hashValue ?? 0 }
  }
}
