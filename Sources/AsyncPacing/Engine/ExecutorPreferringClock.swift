/// A clock that knows where the tasks it times should run and who counts them.
///
/// AsyncPacing creates its internal tasks with `Task(executorPreference:)` using this
/// executor, so that on a ``TestClock`` they stay on the serial test executor and settling is
/// exact. Real clocks carry none: `nil` is the global executor, and there is nothing to inherit.
@usableFromInline
protocol ExecutorPreferringClock {
  var preferredTaskExecutor: (any TaskExecutor)? { get }
  /// The counter of this clock's internal tasks, if it keeps one.
  var pacingTaskCounter: LiveTaskCounter? { get }
  /// Whether the clock's sleep takes any deadline, so that the shell never sleeps toward one in
  /// chunks (see `Clock.sleepsInChunks`).
  var sleepsUntilAnyDeadline: Bool { get }
}

extension Clock {
  /// The executor on which work timed by this clock should run, or `nil` for the default.
  @inlinable
  var preferredTaskExecutor: (any TaskExecutor)? {
    (self as? any ExecutorPreferringClock)?.preferredTaskExecutor
  }

  /// The counter of this clock's internal tasks, besides the process-wide one, if any.
  @inlinable
  var liveTaskCounter: LiveTaskCounter? {
    (self as? any ExecutorPreferringClock)?.pacingTaskCounter
  }
}
