/// What a shell keeps under its lock: the machine, its consumer and the outputs waiting for it,
/// the machine's time and its timer, and what only one side needs (`side`).
@usableFromInline
struct PacingShellState<Machine: PacingMachine, Side: Sendable, Failure: Error>: Sendable {
  @usableFromInline typealias Consumer = PacingEffects<Machine.Output, Failure, Machine.Instant>
    .Consumer

  @usableFromInline var machine: Machine
  /// The consumer waiting for an output: a sequence's `next()`, a pacer's action runner.
  @usableFromInline var consumer: Consumer?
  @usableFromInline var mailbox = Mailbox<Machine.Output, Machine.Instant>()
  @usableFromInline var time = MonotonicInstants<Machine.Instant>()
  @usableFromInline var timer = PacingTimer<Machine.Instant>()
  /// Whether the machine still takes events: `false` once a sequence has ended or was
  /// cancelled, or a pacer was released.
  @usableFromInline var isOpen = true
  /// Counts the starts of the shell's worker, so that a worker's handle is recorded only while
  /// it is the current one.
  @usableFromInline var workerGeneration: UInt64 = 0
  /// Where the machine lends the reader a candidate to fold into without the lock, for a
  /// sequence that folds with an async reducer (see ``CandidateLoan``); `nil` for the others.
  @usableFromInline let loan: CandidateLoan<Machine.Output>?
  /// Tasks to cancel once the lock is released (see ``RetiredTasks``).
  @usableFromInline var retired = RetiredTasks()
  @usableFromInline var side: Side

  @inlinable
  init(machine: Machine, side: Side, loan: CandidateLoan<Machine.Output>? = nil) {
    self.machine = machine
    self.side = side
    self.loan = loan
  }

  /// Hands each emission to the waiting consumer, or else to the mailbox; `true` if the
  /// consumer took one.
  @inlinable
  mutating func post(
    _ actions: PacingActions<Machine.Output, Machine.Instant>,
    effects: inout PacingEffects<Machine.Output, Failure, Machine.Instant>
  ) -> Bool {
    var consumerTookOne = false
    actions.forEachEmission { output, dueAt in
      if let consumer = consumer.take() {
        effects.consumer = (consumer, .success(output))
        consumerTookOne = true
      } else {
        mailbox.put(output, dueAt: dueAt)
      }
    }
    return consumerTookOne
  }

  /// Takes the machine's `wakeAt` (see `PacingTimer.schedule`).
  @inlinable
  mutating func scheduleTimer(
    _ wakeAt: Machine.Instant?,
    effects: inout PacingEffects<Machine.Output, Failure, Machine.Instant>
  ) {
    guard let replaced = timer.schedule(wakeAt, effects: &effects) else { return }
    retired.timer = replaced
    effects.cancelsRetiredTasks = true
  }

  @inlinable
  mutating func stopTimer(
    effects: inout PacingEffects<Machine.Output, Failure, Machine.Instant>
  ) {
    guard let stopped = timer.stop(effects: &effects) else { return }
    retired.timer = stopped
    effects.cancelsRetiredTasks = true
  }

  @inlinable
  mutating func retire(
    worker task: Task<Void, Never>?,
    effects: inout PacingEffects<Machine.Output, Failure, Machine.Instant>
  ) {
    guard let task else { return }
    retired.worker = task
    effects.cancelsRetiredTasks = true
  }
}
