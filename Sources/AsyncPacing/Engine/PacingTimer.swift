/// The shell's timer under the lock: the deadline the machine wants, and the one task that
/// sleeps toward it (or, where the shell's clock shares a timer or its host keeps wake-ups, the
/// number of its registration there: `TimerTask` and `TimerHandle` then stand for that).
///
/// A machine may move its deadline later or earlier. Later costs nothing: the task wakes at
/// the deadline it sleeps toward, the machine finds nothing due, and the task sleeps on toward
/// the new one. Earlier replaces the task: a sleep cannot be shortened, and a sleep in a child
/// task for every deadline would cost a task on every event. Replacing happens only when a
/// deadline really moves earlier, so a debounce over a fast upstream keeps one timer task.
@usableFromInline
struct PacingTimer<Instant: PacingInstant>: Sendable {
  @usableFromInline typealias IdleWaiter = UnsafeContinuation<Instant?, Never>

  /// What the timer task does after it handled a deadline.
  @usableFromInline
  enum Step: Sendable {
    case sleep(until: Instant)
    /// Wait for the next deadline (see `ShellCore.deadlinesRanOut`).
    case idle
    case end
  }

  /// What the machine asked for last.
  @usableFromInline
  enum Deadline: Sendable {
    case none
    case wanted(Instant)
    /// The timer gave up on this deadline (see `PacingTimerProgress`): a consumer or a finish
    /// that comes after it asks the machine again, which may have moved on (a reducing
    /// throttle's window that emitted what it took back), and then ignores it.
    case abandoned(Instant)
  }

  /// The current timer task, numbered so that a replaced or stopped task finds it is no longer
  /// the current one. Its handle is `nil` until the task that started it has recorded it.
  @usableFromInline
  enum TimerTask: Sendable {
    case none
    case sleeping(toward: Instant, TimerHandle)
    /// The task woke and hands the machine its deadline; it looks at the machine's next one
    /// before it sleeps again.
    case handling(TimerHandle)
    /// The task waits for the machine's next deadline (see `ShellCore.deadlinesRanOut`).
    case idle(IdleWaiter, TimerHandle)

    @inlinable
    var handle: TimerHandle? {
      switch self {
      case .none: nil
      case .sleeping(_, let handle), .handling(let handle), .idle(_, let handle): handle
      }
    }
  }

  @usableFromInline var deadline = Deadline.none
  @usableFromInline var task = TimerTask.none
  /// The number of the latest timer task started: it outlives the tasks, so that no new task
  /// takes the number of an old one still on its way out.
  @usableFromInline var startedTasks: UInt64 = 0

  @inlinable
  init() {}

  /// The machine's deadline, if it wants one.
  @inlinable
  var wakeAt: Instant? {
    if case .wanted(let instant) = deadline { instant } else { nil }
  }

  /// The deadline the timer gave up on, if the machine still has it.
  @inlinable
  var abandoned: Instant? {
    if case .abandoned(let instant) = deadline { instant } else { nil }
  }

  /// Takes the machine's next deadline, waking, starting or replacing the timer task as needed;
  /// returns a replaced task, to be cancelled.
  ///
  /// The common case, a deadline at or after the one the timer sleeps toward, is decided here
  /// and inlined into every event; the others are out of line, which leaves the compiler room
  /// to inline the machine's own event (measured: `Debouncer.send` 10 ns faster).
  @inlinable
  mutating func schedule<Output, Failure>(
    _ wakeAt: Instant?, effects: inout ShellEffects<Output, Failure, Instant>
  ) -> TimerWork? {
    guard let wakeAt else {
      // An abandoned deadline stays until the machine asks for another.
      if case .wanted = deadline { deadline = .none }
      return nil
    }
    deadline = .wanted(wakeAt)
    if case .sleeping(let target, _) = task, target <= wakeAt { return nil }
    return reschedule(toward: wakeAt, effects: &effects)
  }

  /// The timer idles, has no task, handles a deadline, or sleeps past `wakeAt`.
  @inlinable @inline(never)
  mutating func reschedule<Output, Failure>(
    toward wakeAt: Instant, effects: inout ShellEffects<Output, Failure, Instant>
  ) -> TimerWork? {
    switch task {
    case .idle(let waiter, let handle):
      task = .sleeping(toward: wakeAt, handle)
      effects.timer = .resumeIdle(waiter, wakeAt)
      return nil
    case .handling:
      // The task looks at the deadline before it sleeps again.
      return nil
    case .sleeping(_, let handle):
      // A sleep cannot be shortened: the task is replaced.
      start(toward: wakeAt, effects: &effects)
      return handle.work
    case .none:
      start(toward: wakeAt, effects: &effects)
      return nil
    }
  }

  @inlinable
  mutating func start<Output, Failure>(
    toward deadline: Instant, effects: inout ShellEffects<Output, Failure, Instant>
  ) {
    startedTasks &+= 1
    task = .sleeping(toward: deadline, TimerHandle(number: startedTasks))
    if case .resumeIdle(let waiter, _) = effects.timer { effects.endedIdleTimer = waiter }
    effects.timer = .start(generation: startedTasks, deadline: deadline)
  }

  /// The timer task `number` woke and is about to hand the machine the deadline; `false` if
  /// it is no longer the current one.
  @inlinable
  mutating func wakes(generation number: UInt64) -> Bool {
    guard case .sleeping(_, let handle) = task, handle.number == number else { return false }
    task = .handling(handle)
    return true
  }

  /// After the machine handled a deadline: sleep toward the next, idle, or end.
  @inlinable
  mutating func nextStep(keepsIdleTask: Bool) -> Step {
    guard case .handling(let handle) = task else {
      // Called only right after `wakes` moved the task to handling, under the same lock.
      preconditionFailure("the timer task handled a deadline it did not wake for")
    }
    if let wakeAt {
      task = .sleeping(toward: wakeAt, handle)
      return .sleep(until: wakeAt)
    }
    if keepsIdleTask { return .idle }
    task = .none
    return .end
  }

  /// An idle timer task either goes on at once, toward a deadline or to its end, or its
  /// `waiter` waits for `schedule` or `stop`.
  @inlinable
  mutating func idle(generation number: UInt64, waiter: IdleWaiter) -> IdleTimerStart<Instant> {
    guard case .handling(let handle) = task, handle.number == number else { return .ends }
    if let wakeAt {
      task = .sleeping(toward: wakeAt, handle)
      return .sleeps(until: wakeAt)
    }
    task = .idle(waiter, handle)
    return .waits
  }

  /// Records what sleeps for timer number `number` (its task, or its host's wake-up); `false`
  /// if it was replaced or stopped already, and must be cancelled. A host's wake-up that fired
  /// before it was recorded was followed by the next one, which this leaves in place.
  @inlinable
  mutating func record(_ recorded: TimerWork, generation number: UInt64) -> Bool {
    guard var handle = task.handle, handle.number == number else { return false }
    if case .wakeUp = recorded, handle.work != nil { return true }
    handle.work = recorded
    switch task {
    case .none: return false
    case .sleeping(let target, _): task = .sleeping(toward: target, handle)
    case .handling: task = .handling(handle)
    case .idle(let waiter, _): task = .idle(waiter, handle)
    }
    return true
  }

  /// Records the host's wake-up toward the next deadline of timer number `number`, from the
  /// wake-up before it, which it replaces.
  @inlinable
  mutating func recordNext(_ wakeUp: PacingWakeUp, generation number: UInt64) -> Bool {
    guard case .sleeping(let target, var handle) = task, handle.number == number else {
      return false
    }
    handle.work = .wakeUp(wakeUp)
    task = .sleeping(toward: target, handle)
    return true
  }

  /// No more deadlines: the timer task ends. Returns it, to be cancelled.
  @inlinable
  mutating func stop<Output, Failure>(
    effects: inout ShellEffects<Output, Failure, Instant>
  ) -> TimerWork? {
    deadline = .none
    defer { task = .none }
    if task.handle != nil {
      // A number of its own, newer than every registration this timer made.
      startedTasks &+= 1
      effects.stoppedTimer = startedTasks
    }
    if case .idle(let waiter, _) = task { effects.timer = .resumeIdle(waiter, nil) }
    return task.handle?.work
  }
}

/// A timer's number and, once recorded, what sleeps for it.
@usableFromInline
struct TimerHandle: Sendable {
  @usableFromInline let number: UInt64
  @usableFromInline var work: TimerWork?

  @inlinable
  init(number: UInt64) {
    self.number = number
  }
}

/// How a timer task that ran out of deadlines goes on (`PacingTimer.idle`).
@usableFromInline
enum IdleTimerStart<Instant: PacingInstant>: Sendable {
  /// A deadline came while it handled the last one: it sleeps again at once.
  case sleeps(until: Instant)
  /// It was replaced or stopped: it ends at once.
  case ends
  /// Its waiter was stored: `schedule` or `stop` resumes it.
  case waits
}

/// What sleeps toward a shell's deadline: a timer task of its own, or a wake-up its clock's host
/// holds (``PacingHost/wake(at:fromWakeUp:_:)``).
@usableFromInline
enum TimerWork: Sendable {
  case task(Task<Void, Never>)
  case wakeUp(PacingWakeUp)

  @inlinable
  func cancel() {
    switch self {
    case .task(let task): task.cancel()
    case .wakeUp(let wakeUp): wakeUp.cancel()
    }
  }
}
