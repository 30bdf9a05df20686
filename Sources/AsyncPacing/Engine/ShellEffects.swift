/// What a shell does once its lock is released: continuations to resume, tasks to start or
/// cancel. Both shells collect their effects here under the lock and perform them after it
/// (`ShellCore.perform(_:)`), so no continuation is resumed and no task started while the
/// lock is held.
///
/// Each field is an effect of its own, and every combination is one an event can leave (an
/// element can hand the waiter an output, move the timer and fill the mailbox at once), so
/// no field has to agree with another: `nil` or `.none` is "nothing to do". The one that
/// mirrors state, `cancelsRetiredTasks`, is set only with the state's `retired` under the
/// same lock (``ShellState``'s retiring methods); if another event's effects took those tasks
/// first, it cancels nothing.
@usableFromInline
struct ShellEffects<Output: Sendable, Failure: Error, Instant: PacingInstant> {
  /// Whoever waits for an output: a sequence's consumer in `next()`, a pacer's action runner.
  @usableFromInline typealias OutputWaiter = UnsafeContinuation<Result<Output?, Failure>, Never>

  /// The output waiter to resume, and what it gets.
  @usableFromInline var resumedWaiter: (OutputWaiter, Result<Output?, Failure>)?
  /// What the timer task must be told.
  @usableFromInline var timer = PacingTimerEffect<Instant>.none
  /// An idle timer task woken toward a deadline that a second event of the same lock moved
  /// earlier, which replaces the task: it is resumed with `nil`, and ends.
  @usableFromInline var endedIdleTimer: UnsafeContinuation<Instant?, Never>?
  /// A stopped timer's number: the shared timer, if the shell has one, takes its deadline out
  /// (see ``SharedTimerEntry``).
  @usableFromInline var stoppedTimer: UInt64?
  /// A sequence's reader that waited for room in the mailbox, and whether it may read on
  /// (`false`: the iteration ended).
  @usableFromInline var resumedReader: (UnsafeContinuation<Bool, Never>, Bool)?
  /// The generation of the shell's worker to start: a sequence's upstream reader, a pacer's
  /// action runner.
  @usableFromInline var startedWorker: UInt64?
  /// Whether tasks wait in the state's `retired` to be cancelled: a timer task replaced by an
  /// earlier deadline or stopped by the end, the reader of a cancelled iteration, a pacer's
  /// running action.
  @usableFromInline var cancelsRetiredTasks = false

  @inlinable
  init() {}
}

/// What a timer task must be told after the lock.
@usableFromInline
enum PacingTimerEffect<Instant: PacingInstant> {
  case none
  /// Resume the idle timer task, toward a deadline or (`nil`) to end.
  case resumeIdle(UnsafeContinuation<Instant?, Never>, Instant?)
  /// Start a timer task sleeping toward `deadline`.
  case start(generation: UInt64, deadline: Instant)
}

/// The tasks an event leaves to cancel: a timer task, a worker, or both. They wait in the
/// shell's state until the effects are performed, which take them with a second lock: the
/// effects of every event then hold no reference, and cost nothing to destroy (with task
/// handles in them, the compiler destroyed every event's effects through the generic value
/// witness, about 10 ns a `send`). Cancelling is rare: a deadline moved earlier, an end, a
/// cancel.
@usableFromInline
struct RetiredTasks: Sendable {
  @usableFromInline var timer: TimerWork?
  @usableFromInline var worker: Task<Void, Never>?

  @inlinable
  init() {}

  /// Takes the tasks out, leaving none.
  @inlinable
  mutating func take() -> RetiredTasks {
    defer { self = RetiredTasks() }
    return self
  }

  @inlinable
  func cancel() {
    timer?.cancel()
    worker?.cancel()
  }
}
