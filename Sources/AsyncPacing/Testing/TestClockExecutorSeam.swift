/// How a ``TestClock`` plugs into the shell core: the internal tasks it times run on its test
/// executor and are counted by its own counter.
extension TestClock: ExecutorPreferringClock {
  @usableFromInline
  var preferredTaskExecutor: (any TaskExecutor)? { testExecutor }

  @usableFromInline
  var sleepsUntilAnyDeadline: Bool { true }

  /// Also what `withCheckedTestClock` tells the clock of a `@MainActor` caller.
  @usableFromInline
  package func noteMainActorWork() {
    testExecutor?.noteMainActorWork()
  }

  @usableFromInline
  func noteIterationStart() {
    guard case .escaped = origin() else { return }
    report(Self.escapedUseMessage)
  }
}
