import AsyncPacing
import Synchronization

#if compiler(>=6.3) && canImport(Glibc)
  import Glibc
#endif

/// The runtime's global enqueue hook, AsyncPacing's only while a test clock watches its test's
/// work.
///
/// Held by count: the first holder installs ours, chaining to the hook it finds (another
/// library's, or none), and the last puts that one back. A hook another library installs over
/// ours meanwhile is not clobbered: the last holder leaves it in place and says so. Ours stays
/// callable for ever, since a hook installed over it may keep calling it; with no test watching,
/// it passes every job on.
enum GlobalEnqueueHook {
  #if compiler(>=6.3) && canImport(Glibc)
    /// The runtime's variable's address, 0 where this runtime has none.
    private static let address: UInt = {
      guard let process = dlopen(nil, RTLD_NOW),
        let address = dlsym(process, "swift_task_enqueueGlobal_hook")
      else { return 0 }
      return UInt(bitPattern: address)
    }()

    static var variable: UnsafeMutablePointer<RuntimeHooks.EnqueueHook?>? {
      UnsafeMutablePointer(bitPattern: address)
    }

    static var isFound: Bool { address != 0 }

    private struct Holding {
      var holders = 0
      /// The hook found installed over ours when the last holder let go (left in place): it
      /// still calls ours, which it replaced, so ours is not installed over it again.
      var displacedBy: UInt = 0
    }

    private static let holding = LockedState(Holding())
    /// The hook ours passes on to (its address, 0 for none): written before ours is installed,
    /// read lock-free on every global enqueue of the process.
    private static let previous = Atomic<UInt>(0)
    private static let ours = unsafeBitCast(observingGlobalEnqueueHook(), to: UInt.self)

    /// Installs ours, unless it is installed or reached through a hook installed over it;
    /// false where this runtime has no such hook.
    static func hold() -> Bool {
      guard let variable else { return false }
      holding.withLock { holding in
        defer { holding.holders += 1 }
        let current = variable.pointee.map { unsafeBitCast($0, to: UInt.self) } ?? 0
        let isReachedThroughIt = holding.displacedBy != 0 && current == holding.displacedBy
        guard holding.holders == 0, current != ours, !isReachedThroughIt else { return }
        holding.displacedBy = 0
        previous.store(current, ordering: .releasing)
        // Ours, once visible to another thread, must find `previous` written.
        atomicMemoryFence(ordering: .releasing)
        variable.pointee = observingGlobalEnqueueHook()
      }
      return true
    }

    /// Lets go; the last holder puts back the hook found before ours. Returns a message when
    /// another library's hook replaced ours meanwhile: it stays.
    static func release() -> String? {
      guard let variable else { return nil }
      return holding.withLock { holding in
        holding.holders -= 1
        guard holding.holders == 0 else { return nil }
        let current = variable.pointee.map { unsafeBitCast($0, to: UInt.self) } ?? 0
        if holding.displacedBy != 0 && current == holding.displacedBy { return nil }
        guard current == ours else {
          holding.displacedBy = current
          return """
            TestClock: another hook replaced AsyncPacing's \
            `swift_task_enqueueGlobal_hook` while tests ran; it was left in place. Unless it \
            calls the hook it replaced, test clocks stopped seeing work on the global executor \
            then.
            """
        }
        let before = previous.load(ordering: .acquiring)
        variable.pointee =
          before == 0 ? nil : unsafeBitCast(before, to: RuntimeHooks.EnqueueHook.self)
        return nil
      }
    }

    static func passOn(_ job: UnownedJob, original: RuntimeHooks.EnqueueOriginal) {
      let before = previous.load(ordering: .acquiring)
      if before != 0 {
        unsafeBitCast(before, to: RuntimeHooks.EnqueueHook.self)(job, original)
      } else {
        original(job)
      }
    }

    /// Marks this thread as inside ours; false when it already is: a hook installed over ours
    /// that calls ours, which it replaced, while ours calls it as the one found before.
    static func enter() -> Bool {
      guard pthread_getspecific(insideOurs) == nil else { return false }
      pthread_setspecific(insideOurs, UnsafeRawPointer(bitPattern: 1))
      return true
    }

    static func leave() {
      pthread_setspecific(insideOurs, nil)
    }

    private static let insideOurs: pthread_key_t = {
      var key = pthread_key_t()
      pthread_key_create(&key, nil)
      return key
    }()
  #else
    static var isFound: Bool { false }
    static func hold() -> Bool { false }
    static func release() -> String? { nil }
  #endif
}
