import Synchronization

/// The concurrency shell that runs a ``PacingMachine`` over an upstream sequence.
///
/// Per iterator it runs exactly two tasks, started by the first `next()`: a reader that
/// iterates the upstream continuously (so deadlines reflect real arrivals, whatever the
/// consumer does) and a timer that sleeps until the machine's next deadline. Both are created
/// with the executor preference the clock carries, so on a ``TestClock`` they stay on the test
/// executor. All decisions are the machine's; this class only reads the clock, takes the lock,
/// and resumes whoever the machine's actions concern, always outside the lock.
@usableFromInline
final class PacingEngine<Base: AsyncSequence & Sendable, Machine: PacingMachine, C: Clock>:
  Sendable
where Machine.Instant == ElapsedInstant<C.Duration>, Base.Element: Sendable {
  @usableFromInline typealias Output = Machine.Output
  @usableFromInline typealias Failure = Base.Failure
  @usableFromInline typealias Instant = ElapsedInstant<C.Duration>
  @usableFromInline typealias Consumer = UnsafeContinuation<Result<Output?, Failure>, Never>
  @usableFromInline typealias TimerWaiter = UnsafeContinuation<Instant?, Never>

  @usableFromInline
  enum Phase: Sendable {
    case notStarted
    case running
    /// The upstream ended; the ending waits behind the mailbox.
    case ended(Failure?)
    /// The consumer saw the end, or was cancelled: every later `next()` returns `nil`.
    case finished
  }

  @usableFromInline
  struct State: Sendable {
    @usableFromInline var machine: Machine
    @usableFromInline var phase = Phase.notStarted
    @usableFromInline var mailbox = Mailbox<Output, Instant>()
    @usableFromInline var consumer: Consumer?
    /// The machine's latest `wakeAt`: where the timer goes next, or `nil`.
    @usableFromInline var wakeAt: Instant?
    @usableFromInline var timerWaiter: TimerWaiter?
    /// What the timer sleeps toward, kept only to assert that machines move their deadline
    /// later, never earlier, while the timer sleeps: that is why it never needs interrupting.
    @usableFromInline var timerTarget: Instant?
    @usableFromInline var time = MonotonicInstants<Instant>()
    @usableFromInline var reader: Task<Void, Never>?
    @usableFromInline var timer: Task<Void, Never>?

    @inlinable
    init(machine: Machine) {
      self.machine = machine
    }
  }

  /// Continuations and tasks to resume or cancel once the lock is released.
  @usableFromInline
  struct Wakeups {
    @usableFromInline var consumer: (Consumer, Result<Output?, Failure>)?
    @usableFromInline var timer: (TimerWaiter, Instant?)?
    @usableFromInline var cancelledTimer: Task<Void, Never>?

    @inlinable
    init() {}

    @inlinable
    func perform() {
      if let (continuation, result) = consumer { continuation.resume(returning: result) }
      if let (continuation, deadline) = timer { continuation.resume(returning: deadline) }
      cancelledTimer?.cancel()
    }
  }

  /// Iterates the upstream into the machine: each kind of machine takes elements its own way
  /// (see `UpstreamReaders.swift`).
  @usableFromInline typealias Reader = @Sendable (PacingEngine) async -> Void

  @usableFromInline let base: Base
  @usableFromInline let clock: C
  @usableFromInline let tolerance: C.Duration?
  /// The clock instant the machine's time counts from.
  @usableFromInline let origin: C.Instant
  @usableFromInline let reader: Reader
  @usableFromInline let state: LockedState<State>
  /// Where the machine lends the reader a candidate, for a reader that folds with an async
  /// reducer (see `CandidateLoan`); `nil` for the others.
  @usableFromInline let loan: CandidateLoan<Output>?

  @inlinable
  init(
    base: Base, machine: Machine, clock: C, tolerance: C.Duration?,
    loan: CandidateLoan<Output>? = nil, reader: @escaping Reader
  ) {
    self.base = base
    self.clock = clock
    self.tolerance = tolerance
    self.origin = clock.now
    self.reader = reader
    self.state = LockedState(State(machine: machine))
    self.loan = loan
  }

  /// The one clock reading an event costs.
  @inlinable
  var now: Instant {
    Instant(origin.duration(to: clock.now))
  }

  // MARK: The consumer

  /// Whether the iteration still runs: the reader task checks it before it starts the
  /// upstream, so a cancel that raced the start does not consume an element of a shared
  /// upstream.
  @inlinable
  var isRunning: Bool {
    state.withLock { state in
      if case .running = state.phase { true } else { false }
    }
  }

  @inlinable
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
    let result = await withTaskCancellationHandler(
      operation: {
        await withUnsafeContinuation(isolation: actor) { (consumer: Consumer) in
          var wakeups = Wakeups()
          let (immediate, start) = state.withLock { state -> (Result<Output?, Failure>?, Bool) in
            state.catchUp(with: self.now, loan: loan, wakeups: &wakeups)
            if let output = state.mailbox.take() { return (.success(output), false) }
            switch state.phase {
            case .notStarted:
              state.phase = .running
              state.consumer = consumer
              return (nil, true)
            case .running:
              precondition(
                state.consumer == nil, "next() called while another next() on this iterator waits")
              state.consumer = consumer
              return (nil, false)
            case .ended(let failure):
              state.phase = .finished
              return (failure.map { .failure($0) } ?? .success(nil), false)
            case .finished:
              return (.success(nil), false)
            }
          }
          wakeups.perform()
          if let immediate { consumer.resume(returning: immediate) }
          if start { startTasks() }
        }
      },
      onCancel: { cancel() },
      isolation: actor)
    return try result.get()
  }

  /// Ends everything at once: the consumer gets `nil`, waiting outputs and the pending element
  /// are dropped, and both tasks are cancelled (which cancels the upstream iteration).
  @inlinable
  func cancel() {
    let (consumer, timerWaiter, reader, timer) = state.withLock { state in
      state.phase = .finished
      state.mailbox.removeAll()
      _ = loan?.recall()
      defer {
        state.consumer = nil
        state.timerWaiter = nil
        state.reader = nil
        state.timer = nil
      }
      return (state.consumer, state.timerWaiter, state.reader, state.timer)
    }
    consumer?.resume(returning: .success(nil))
    timerWaiter?.resume(returning: nil)
    reader?.cancel()
    timer?.cancel()
  }

  // MARK: The tasks

  @inlinable
  func startTasks() {
    let reader = startTask(for: clock) {
      guard self.isRunning else { return }
      await self.reader(self)
    }
    let timer = startTask(for: clock) { await self.runTimer() }
    // A cancel may have come between the start and here; an ending stops the timer.
    let (keepReader, keepTimer) = state.withLock { state -> (Bool, Bool) in
      switch state.phase {
      case .finished:
        return (false, false)
      case .ended:
        state.reader = reader
        return (true, false)
      case .notStarted, .running:
        state.reader = reader
        state.timer = timer
        return (true, true)
      }
    }
    if !keepReader { reader.cancel() }
    if !keepTimer { timer.cancel() }
  }

  @inlinable
  func runTimer() async {
    while let deadline = await nextDeadline() {
      do {
        try await clock.sleep(
          until: origin.advanced(by: deadline.sinceOrigin), tolerance: tolerance)
      } catch {
        // Cancellation ends the timer; another clock's error only ends this sleep, and the
        // machine decides whether its deadline was reached.
        if Task.isCancelled { return }
      }
      handle(at: now) { $0.deadlineReached(at: $1) }
    }
  }

  /// The machine's next deadline, waiting for one if there is none; `nil` once it has ended.
  @inlinable
  func nextDeadline() async -> Instant? {
    await withUnsafeContinuation { (waiter: TimerWaiter) in
      let ready: Instant?? = state.withLock { state in
        guard case .running = state.phase else { return .some(nil) }
        state.timerTarget = state.wakeAt
        if let wakeAt = state.wakeAt { return .some(wakeAt) }
        state.timerWaiter = waiter
        return .none
      }
      if let ready { waiter.resume(returning: ready) }
    }
  }

  // MARK: Running the machine

  /// Feeds one event to the machine and carries out its actions; `false` once the sequence
  /// has ended or was cancelled, when the event is ignored.
  @inlinable
  @discardableResult
  func handle(
    at now: Instant, failure: Failure? = nil,
    _ event: (inout Machine, Instant) -> PacingActions<Output, Instant>
  ) -> Bool {
    carryOut(at: now, failure: failure) { machine, now in event(&machine, now()) } != nil
  }

  /// Feeds one event to the machine, carries out its actions and returns them, or `nil` once
  /// the sequence has ended or was cancelled.
  ///
  /// The event gets the instant as a function: `now`, or with `now == nil` a clock reading
  /// taken only if the machine asks for one. Either way instants reach the machine in
  /// order: a reading taken before the lock may be older than one another event brought in.
  @inlinable
  func carryOut(
    at now: Instant?, failure: Failure? = nil,
    _ event: (inout Machine, () -> Instant) -> PacingActions<Output, Instant>
  ) -> PacingActions<Output, Instant>? {
    var wakeups = Wakeups()
    let actions = state.withLock { state -> PacingActions<Output, Instant>? in
      guard case .running = state.phase else { return nil }
      state.takeBackLentCandidate(from: loan)
      let actions = event(&state.machine) { state.time.clamp(now ?? self.now) }
      state.carryOut(actions, failure: failure, wakeups: &wakeups)
      return actions
    }
    wakeups.perform()
    return actions
  }
}
