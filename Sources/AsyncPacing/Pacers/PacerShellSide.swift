/// What a pacer's shell keeps under its lock besides the machine: its action runner, in the
/// phase that owns the runner's task and what it was handed.
extension PacerShell {
  @usableFromInline
  enum RunnerPhase: Sendable {
    /// No action runner.
    case none
    /// The runner is about to look at the mailbox: it was started, or its action returned.
    case between(Task<Void, Never>?)
    /// The runner waits for a value, as the shell's output waiter.
    case waiting(OutputWaiter, Task<Void, Never>?)
    /// The runner was handed a value for the action.
    case acting(Acting)
    /// The pacer was released: no runner starts and no value is handed over any more. A
    /// runner still running ends when it next looks at the mailbox; one that was acting had
    /// its action asked to stop and its task cancelled.
    case released

    /// The runner's task, once the task that started it has recorded it.
    @inlinable
    var task: Task<Void, Never>? {
      switch self {
      case .none, .released: nil
      case .between(let task), .waiting(_, let task): task
      case .acting(let acting): acting.task
      }
    }
  }

  /// A runner handed a value for the action.
  @usableFromInline
  struct Acting: Sendable {
    @usableFromInline var task: Task<Void, Never>?
    /// The pacer's count of cancels when the value was handed over: an action whose value was
    /// taken before a cancel must not begin, even if the cancel came while it waited for its
    /// actor.
    @usableFromInline let since: UInt64
    @usableFromInline var progress: ActionProgress

    @inlinable
    init(task: Task<Void, Never>?, since: UInt64) {
      self.task = task
      self.since = since
      self.progress = .handedOver
    }
  }

  @usableFromInline
  enum ActionProgress: Sendable {
    /// The action has not begun (it may wait for its actor): its value is still pending.
    case handedOver
    case begun
    /// A cancel asked the action to stop: the runner ends when it returns.
    case stopping
  }

  /// What only a pacer keeps under the lock.
  @usableFromInline
  struct Side: ShellSide {
    @usableFromInline typealias Output = Value
    @usableFromInline typealias Failure = Never

    @usableFromInline var runner = RunnerPhase.none
    /// Counts cancels (see ``Acting/since``).
    @usableFromInline var cancels: UInt64 = 0

    @inlinable
    init() {}

    @inlinable
    var takesEvents: Bool {
      if case .released = runner { return false }
      return true
    }

    @inlinable
    mutating func takeOutputWaiter() -> OutputWaiter? {
      guard case .waiting(let waiter, let task) = runner else { return nil }
      runner = .acting(Acting(task: task, since: cancels))
      return waiter
    }

    /// The runner takes a value for the action.
    @inlinable
    mutating func handOver() {
      runner = .acting(Acting(task: runner.task, since: cancels))
    }
  }
}
