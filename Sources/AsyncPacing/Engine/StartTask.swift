/// Starts an internal task on `executor`, or on the global executor when it is `nil`.
///
/// A task created with `Task(executorPreference:)` consults its preference under the task's
/// status lock at every executor switch, even when the preference is `nil`; measured here,
/// that was half the cost per element of a debounce over a fast upstream. With no preference
/// to give (a real clock), a plain task runs in the same place without that cost.
@inlinable
func startTask(
  preferring executor: (any TaskExecutor)?,
  _ operation: sending @escaping @isolated(any) () async -> Void
) -> Task<Void, Never> {
  if let executor {
    return Task(executorPreference: executor, operation: operation)
  }
  // Not escaping a test executor: there is none, and the global executor is the one intended.
  return Task(operation: operation)
}
