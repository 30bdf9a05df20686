import Synchronization

/// A `Mutex` whose hand-offs ThreadSanitizer can see.
///
/// On Linux a contended `Mutex` passes ownership through the kernel (a priority-inheriting
/// futex), so the thread that gets the lock performs no user-space acquire that pairs with the
/// previous owner's release, and ThreadSanitizer reports every access under the lock as a
/// race. Each owner therefore stores to `handoff` with release ordering before unlocking, and
/// each new owner loads it with acquire ordering after locking: the load reads the previous
/// owner's store, which is the happens-before edge the sanitizer needs. On x86-64 both are
/// plain moves; mutual exclusion itself is still entirely the `Mutex`'s.
@usableFromInline
package struct LockedState<State: ~Copyable>: ~Copyable, Sendable {
  @usableFromInline let mutex: Mutex<State>
  @usableFromInline let handoff = Atomic<Int>(0)

  @inlinable
  package init(_ initial: consuming sending State) {
    mutex = Mutex(initial)
  }

  @inlinable
  package func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending State) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    #if ASYNCPACING_COUNTING
      lockAcquisitionCount.add(1, ordering: .relaxed)
    #endif
    return try mutex.withLock { (state: inout sending State) throws(E) -> sending Result in
      _ = handoff.load(ordering: .acquiring)
      defer { handoff.store(0, ordering: .releasing) }
      return try body(&state)
    }
  }
}
