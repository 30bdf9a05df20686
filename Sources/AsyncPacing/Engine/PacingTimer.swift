/// The shell's timer under the lock: the deadline the machine wants, and the one task that
/// sleeps toward it.
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
    /// Wait for the next deadline (see `PacingShell.timerIdles`).
    case idle
    case end
  }

  /// The machine's latest `wakeAt`.
  @usableFromInline var wakeAt: Instant?
  /// What the current timer task sleeps toward; `nil` while it handles a deadline or idles.
  @usableFromInline var target: Instant?
  /// Whether a current timer task exists (its handle may not be recorded yet).
  @usableFromInline var hasTask = false
  @usableFromInline var task: Task<Void, Never>?
  @usableFromInline var idleWaiter: IdleWaiter?
  /// Which timer task is the current one: a replaced or stopped task finds it changed and
  /// stops.
  @usableFromInline var generation: UInt64 = 0
  /// The deadline the timer gave up on (see `PacingTimerProgress`), until it is asked to
  /// pursue one again.
  @usableFromInline var abandoned: Instant?

  @inlinable
  init() {}

  /// Takes the machine's `wakeAt`, waking, starting or replacing the timer task as needed;
  /// returns a replaced task, to be cancelled.
  ///
  /// The common case, a deadline at or after the one the timer sleeps toward, is decided here
  /// and inlined into every event; the others are out of line, which leaves the compiler room
  /// to inline the machine's own event (measured: `Debouncer.send` 10 ns faster).
  @inlinable
  mutating func schedule<Output, Failure>(
    _ wakeAt: Instant?, effects: inout PacingEffects<Output, Failure, Instant>
  ) -> Task<Void, Never>? {
    self.wakeAt = wakeAt
    guard let wakeAt else { return nil }
    if let target, target <= wakeAt { return nil }
    return reschedule(toward: wakeAt, effects: &effects)
  }

  /// The timer idles, has no task, handles a deadline, or sleeps past `wakeAt`.
  @inlinable @inline(never)
  mutating func reschedule<Output, Failure>(
    toward wakeAt: Instant, effects: inout PacingEffects<Output, Failure, Instant>
  ) -> Task<Void, Never>? {
    abandoned = nil
    if let idleWaiter {
      self.idleWaiter = nil
      target = wakeAt
      effects.timer = .resumeIdle(idleWaiter, wakeAt)
      return nil
    }
    // A task handling a deadline (no target) looks at `wakeAt` before it sleeps again.
    if hasTask && target == nil { return nil }
    // No task, or one sleeping past `wakeAt`: a sleep cannot be shortened, so it is replaced.
    let replaced = task
    start(toward: wakeAt, effects: &effects)
    assert(target! <= wakeAt, "the timer sleeps past the machine's deadline")
    return replaced
  }

  @inlinable
  mutating func start<Output, Failure>(
    toward deadline: Instant, effects: inout PacingEffects<Output, Failure, Instant>
  ) {
    generation &+= 1
    hasTask = true
    task = nil
    target = deadline
    if case .resumeIdle(let waiter, _) = effects.timer { effects.endedIdleTimer = waiter }
    effects.timer = .start(generation: generation, deadline: deadline)
  }

  /// The timer task `generation` woke and is about to hand the machine the deadline; `false`
  /// if it is no longer the current one.
  @inlinable
  mutating func wakes(generation: UInt64) -> Bool {
    guard generation == self.generation else { return false }
    target = nil
    return true
  }

  /// After the machine handled a deadline: sleep toward the next, idle, or end.
  @inlinable
  mutating func nextStep(keepsIdleTask: Bool) -> Step {
    if let wakeAt {
      target = wakeAt
      return .sleep(until: wakeAt)
    }
    if keepsIdleTask { return .idle }
    hasTask = false
    task = nil
    return .end
  }

  /// An idle timer task waits: `nil` resumes it at once with `.some` (a deadline, or `nil`
  /// for a task that must end); otherwise it waits for `schedule` or `stop`.
  @inlinable
  mutating func idle(generation: UInt64, waiter: IdleWaiter) -> Instant?? {
    guard generation == self.generation else { return .some(nil) }
    if let wakeAt {
      target = wakeAt
      return .some(wakeAt)
    }
    idleWaiter = waiter
    return .none
  }

  /// Records the handle of timer task `generation`, or cancels it if it was replaced already.
  @inlinable
  mutating func record(_ handle: Task<Void, Never>, generation: UInt64) -> Bool {
    guard generation == self.generation, hasTask else { return false }
    task = handle
    return true
  }

  /// No more deadlines: the timer task ends. Returns it, to be cancelled.
  @inlinable
  mutating func stop<Output, Failure>(
    effects: inout PacingEffects<Output, Failure, Instant>
  ) -> Task<Void, Never>? {
    generation &+= 1
    wakeAt = nil
    target = nil
    abandoned = nil
    hasTask = false
    defer { task = nil }
    if let idleWaiter = idleWaiter.take() { effects.timer = .resumeIdle(idleWaiter, nil) }
    return task
  }
}
