/// A clock that knows the executor its timers should run on.
///
/// AsyncPacing creates its internal tasks with `Task(executorPreference:)` using this
/// executor, so that on a ``TestClock`` they stay on the serial test executor and settling is
/// exact. Real clocks carry none: `nil` is the global executor, and there is nothing to inherit.
protocol ExecutorPreferringClock {
  var preferredTaskExecutor: (any TaskExecutor)? { get }
}

extension Clock {
  /// The executor on which work timed by this clock should run, or `nil` for the default.
  var preferredTaskExecutor: (any TaskExecutor)? {
    (self as? any ExecutorPreferringClock)?.preferredTaskExecutor
  }
}
