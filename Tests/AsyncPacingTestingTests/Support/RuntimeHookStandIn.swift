#if compiler(>=6.3) && canImport(Glibc)
  @testable import AsyncPacingTestClock
  import Synchronization

  /// Another library's hooks, stood in for by the package's own tests: they prove that
  /// AsyncPacing chains to a global enqueue hook installed before it, puts it back, and leaves
  /// alone one installed over it; and that the process scope names why it cannot work when
  /// another main-executor hook came first. The hooks' addresses come from the test clock's
  /// module, which looks them up: tests call no `dlsym` of their own.
  enum RuntimeHookStandIn {
    /// How many jobs the stand-in saw.
    static var standInCalls: Int { calls.load(ordering: .relaxed) }

    /// Installs the stand-in global enqueue hook over whatever is installed, which it calls.
    static func installStandIn() {
      guard let variable = globalHookVariable else { return }
      replaced.store(
        variable.pointee.map { unsafeBitCast($0, to: UInt.self) } ?? 0, ordering: .releasing)
      variable.pointee = standInGlobalHook()
    }

    /// Puts back the hook the stand-in replaced.
    static func removeStandIn() {
      guard let variable = globalHookVariable else { return }
      let before = replaced.load(ordering: .acquiring)
      variable.pointee =
        before == 0 ? nil : unsafeBitCast(before, to: RuntimeHooks.EnqueueHook.self)
    }

    /// Which global enqueue hook is installed now.
    static var installedGlobalHook: InstalledHook {
      let current = globalHookVariable?.pointee.map { unsafeBitCast($0, to: UInt.self) } ?? 0
      if current == 0 { return .none }
      if current == unsafeBitCast(standInGlobalHook(), to: UInt.self) { return .standIn }
      if current == unsafeBitCast(observingGlobalEnqueueHook(), to: UInt.self) { return .ours }
      return .other
    }

    enum InstalledHook: Sendable, Equatable {
      case none, standIn, ours, other
    }

    /// Installs a main-executor hook that changes nothing, before AsyncPacing could.
    static func occupyMainExecutorHook() {
      RuntimeHooks.mainExecutorHook?.pointee = passThroughMainExecutorHook()
    }

    fileprivate static let calls = Atomic<Int>(0)
    fileprivate static let replaced = Atomic<UInt>(0)

    private static var globalHookVariable: UnsafeMutablePointer<RuntimeHooks.EnqueueHook?>? {
      GlobalEnqueueHook.variable
    }
  }

  // At file level, as RuntimeHooks.swift says: a hook is a thin function.
  private func standInGlobalHook() -> RuntimeHooks.EnqueueHook {
    { job, original in
      RuntimeHookStandIn.calls.add(1, ordering: .relaxed)
      let before = RuntimeHookStandIn.replaced.load(ordering: .acquiring)
      if before != 0 {
        unsafeBitCast(before, to: RuntimeHooks.EnqueueHook.self)(job, original)
      } else {
        original(job)
      }
    }
  }

  private func passThroughMainExecutorHook() -> RuntimeHooks.MainExecutorHook {
    { original in original() }
  }
#endif
