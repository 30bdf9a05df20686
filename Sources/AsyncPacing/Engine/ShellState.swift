/// What a shell keeps under its lock: the machine, the outputs waiting to be taken, the
/// machine's time and its timer, and what only one shell needs (`side`: whether the machine
/// still takes events, and its output waiter).
@usableFromInline
struct ShellState<Machine: PacingMachine, Side: ShellSide>: Sendable
where Side.Output == Machine.Output {
  @usableFromInline typealias Effects = ShellEffects<Machine.Output, Side.Failure, Machine.Instant>

  @usableFromInline var machine: Machine
  @usableFromInline var mailbox = Mailbox<Machine.Output, Machine.Instant>(
    for: Machine.delivery)
  @usableFromInline var time = MonotonicInstants<Machine.Instant>()
  @usableFromInline var timer = PacingTimer<Machine.Instant>()
  /// Counts the starts of the shell's worker, so that a worker's handle is recorded only while
  /// it is the current one.
  @usableFromInline var workerGeneration: UInt64 = 0
  /// Tasks to cancel once the lock is released (see ``RetiredTasks``).
  @usableFromInline var retired = RetiredTasks()
  @usableFromInline var side: Side

  @inlinable
  init(machine: Machine, side: Side) {
    self.machine = machine
    self.side = side
  }

  /// Hands each emission to the output waiter, or else to the mailbox; `true` if the waiter
  /// took one.
  @inlinable
  mutating func post(
    _ emissions: PacingEmissions<Machine.Output, Machine.Instant>, effects: inout Effects
  ) -> Bool {
    var waiterTookOne = false
    emissions.forEachEmission { output, dueAt in
      if let waiter = side.takeOutputWaiter() {
        effects.resumedWaiter = (waiter, .success(output))
        waiterTookOne = true
        if Machine.delivery == .accumulating { mailbox.ledger?.lastTakenDueAt = dueAt }
      } else {
        mailbox.put(output, dueAt: dueAt, keepsEvery: Machine.delivery.keepsEveryOutput)
      }
    }
    return waiterTookOne
  }

  /// Takes the machine's `wakeAt` (see `PacingTimer.schedule`).
  @inlinable
  mutating func scheduleTimer(_ wakeAt: Machine.Instant?, effects: inout Effects) {
    guard let replaced = timer.schedule(wakeAt, effects: &effects) else { return }
    retired.timer = replaced
    effects.cancelsRetiredTasks = true
  }

  @inlinable
  mutating func stopTimer(effects: inout Effects) {
    guard let stopped = timer.stop(effects: &effects) else { return }
    retired.timer = stopped
    effects.cancelsRetiredTasks = true
  }

  @inlinable
  mutating func retire(worker task: Task<Void, Never>?, effects: inout Effects) {
    guard let task else { return }
    retired.worker = task
    effects.cancelsRetiredTasks = true
  }
}

/// What one shell adds to the state: whether the machine still takes events, and the output
/// waiter (a sequence's consumer in `next()`, a pacer's action runner), each kept in the
/// side's own phase.
@usableFromInline
protocol ShellSide: Sendable {
  associatedtype Output: Sendable
  associatedtype Failure: Error

  /// `false` once a sequence has ended or was cancelled, or a pacer was released.
  var takesEvents: Bool { get }
  /// The output waiter, if one waits, taken to hand it an output.
  mutating func takeOutputWaiter() -> UnsafeContinuation<Result<Output?, Failure>, Never>?
}
