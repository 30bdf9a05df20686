/// Starts an internal task for work timed by `timebase`: on the executor its clock's host
/// prefers, and counted while it lives by the process-wide ``LiveTaskCounter`` and the host.
///
/// A task created with `Task(executorPreference:)` consults its preference under the task's
/// status lock at every executor switch, even when the preference is `nil`; measured here,
/// that was half the cost per element of a debounce over a fast upstream. With no preference
/// to give (a real clock), a plain task runs in the same place without that cost.
@inlinable
func startTask<C: Clock>(
  for timebase: PacingTimebase<C>, _ operation: @escaping @Sendable () async -> Void
) -> Task<Void, Never> {
  let host = timebase.host
  LiveTaskCounter.processWide.taskStarted()
  host?.internalTaskStarted()
  let counted: @Sendable () async -> Void = {
    defer {
      LiveTaskCounter.processWide.taskEnded()
      host?.internalTaskEnded()
    }
    await operation()
  }
  if let executor = host?.preferredTaskExecutor {
    return Task(executorPreference: executor, operation: counted)
  }
  // Not escaping a test executor: there is none, and the global executor is the one intended.
  return Task(operation: counted)
}
