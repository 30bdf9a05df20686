/// What a child task of a timed call reports to the call.
enum TimedCallEvent: Sendable {
  case operationReturned
  case timerEnded
}

/// Runs `operation` in a child task under `timer`'s deadline (<doc:PacingContract>, "Deadlines
/// for an operation"), and returns its value, or throws its error or the timeout's, once the
/// child task has ended.
func runTimed<C: Clock, T: Clock, Success, Failure: Error>(
  under timer: OperationTimer<C, T>, isolation: isolated (any Actor)?,
  _ operation: sending @escaping @isolated(any) () async throws(Failure) -> sending Success
) async throws(TimeoutFailure<C.Instant, Failure>) -> sending Success {
  let outcome = ResultSlot<Result<Success, Failure>>()
  // The operation moves into the child task: it is not `Sendable`, and is not shared.
  let handOver = HandOver(operation)
  // The caller's own cancellation decides at its instant: a timeout only if the deadline had
  // been reached by then (the timer child, cancelled with it, may notice later, or never, on a
  // clock whose sleep ignores cancellation). The group's `cancelAll()` does not call this.
  await withTaskCancellationHandler {
    await withTaskGroup(of: TimedCallEvent.self, isolation: isolation) { group in
      let expiredAtStart = timer.timerStep().0 == .expire
      // The time ran out before the call: the operation starts already cancelled.
      if expiredAtStart { group.cancelAll() }
      // The child calls the operation, which runs isolated as the caller made it.
      group.addTask {
        guard let operation = handOver.take() else {
          preconditionFailure("a timed operation was handed over twice")
        }
        let result: Result<Success, Failure>
        do throws(Failure) {
          result = .success(try await operation())
        } catch {
          result = .failure(error)
        }
        // The clock is read here, as the operation returns, not when the call sees it.
        _ = timer.operationReturned()
        outcome.put(result)
        return .operationReturned
      }
      if !expiredAtStart {
        // On the executor the clock's host prefers, as the shells' timers: a test clock's. A
        // child given no preference, or a closure made beforehand, costs allocations more
        // (measured).
        if let executor = timer.timebase.preferredTaskExecutor {
          group.addTask(executorPreference: executor) { await timer.runAsChild() }
        } else {
          group.addTask { await timer.runAsChild() }
        }
      }
      // Either ending decides the call: the timer's cancels the operation, the operation's
      // stops the timer. The group then waits for the other child.
      while let event = await group.next() {
        if event == .operationReturned || timer.expiredDeadline != nil { group.cancelAll() }
      }
    }
  } onCancel: {
    timer.callerCancelled()
  }
  guard let result = outcome.take() else {
    preconditionFailure("a timed operation ended without an outcome")
  }
  if let deadline = timer.expiredDeadline {
    throw .timedOut(deadline: deadline)
  }
  switch consume result {
  case .success(let value): return value
  case .failure(let error): throw .failed(error)
  }
}
