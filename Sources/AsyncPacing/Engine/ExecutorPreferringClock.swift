/// A clock that knows where the tasks it times should run and who counts them.
///
/// AsyncPacing creates its internal tasks with `Task(executorPreference:)` using this
/// executor, so that on a ``TestClock`` they stay on the serial test executor and settling is
/// exact. Real clocks carry none: `nil` is the global executor, and there is nothing to inherit.
@usableFromInline
protocol ExecutorPreferringClock: Sendable {
  var preferredTaskExecutor: (any TaskExecutor)? { get }
  /// Counts the internal tasks this clock times, while they live.
  var internalTasks: LiveTaskCounter { get }
  /// Whether the clock's sleep takes any deadline, so that the shell never sleeps toward one in
  /// chunks (see `Clock.sleepsInChunks`).
  var sleepsUntilAnyDeadline: Bool { get }
  /// Tells a virtual clock that main-actor code takes part, so that settling waits for the
  /// main actor too.
  func noteMainActorWork()
  /// Tells a virtual clock that a sequence operator it times starts being iterated here, so
  /// that it can name a consumer outside the test's own work. (A pacer's `send` may come from
  /// any thread the test blocks on, as `DispatchQueue.concurrentPerform` does: not a use to
  /// name.)
  func noteIterationStart()
}

extension Clock {
  /// The executor on which work timed by this clock should run, or `nil` for the default.
  @inlinable
  var preferredTaskExecutor: (any TaskExecutor)? {
    (self as? any ExecutorPreferringClock)?.preferredTaskExecutor
  }

  /// Tells a virtual clock that `action` runs on the main actor: settling must then wait for
  /// the main actor, which it cannot see being reached from its own executor.
  @inlinable
  func noteIsolation<Value>(of action: @isolated(any) @Sendable (Value) async -> Void) {
    guard let actor = action.isolation, actor === MainActor.shared else { return }
    (self as? any ExecutorPreferringClock)?.noteMainActorWork()
  }
}

extension ExecutorPreferringClock {
  /// A real clock settles nothing, so it has nothing to note.
  @inlinable
  func noteMainActorWork() {}

  @inlinable
  func noteIterationStart() {}
}
