/// The shell of a sequence operator's iteration: a ``PacingShell`` whose consumer waits in
/// `next()` and whose worker reads the upstream.
///
/// Per iterator it runs at most two tasks at a time: a reader, started by the first `next()`,
/// that iterates the upstream continuously (so deadlines reflect real arrivals, whatever the
/// consumer does), and a timer, started by the machine's first deadline, that sleeps toward
/// the machine's next one. Both are created with the executor preference the clock carries,
/// so on a ``TestClock`` they stay on the test executor. All decisions are the machine's.
@usableFromInline
final class PacingEngine<Base: AsyncSequence & Sendable, Machine: PacingMachine, C: Clock>:
  PacingShell
where
  Machine.Instant == ElapsedInstant<C.Duration>, Machine.Element == Base.Element,
  Base.Element: Sendable
{
  @usableFromInline typealias Output = Machine.Output
  @usableFromInline typealias Failure = Base.Failure
  /// An async reducer the reader awaits when the machine asks for a fold; the reader runs it
  /// where it is called, so a call costs no executor switch.
  @usableFromInline
  typealias Reducer = nonisolated(nonsending) @Sendable (Output?, Base.Element) async -> Output

  @usableFromInline
  enum Phase: Sendable {
    case notStarted
    case running
    /// The upstream ended; the ending waits behind the mailbox.
    case ended(Failure?)
    /// The consumer saw the end, or was cancelled: every later `next()` returns `nil`.
    case finished
  }

  /// What only a sequence keeps under the lock.
  @usableFromInline
  struct Side: Sendable {
    @usableFromInline var phase = Phase.notStarted
    @usableFromInline var reader: Task<Void, Never>?
    /// The reader, waiting for the consumer to take from a full mailbox.
    @usableFromInline var pausedReader: UnsafeContinuation<Bool, Never>?

    @inlinable
    init() {}
  }

  @usableFromInline let timebase: PacingTimebase<C>
  @usableFromInline let state: LockedState<PacingShellState<Machine, Side, Failure>>
  @usableFromInline let base: Base
  @usableFromInline let reducer: Reducer?
  /// Answers a fold request of a machine run with no reducer: only a reducing throttle asks.
  @inlinable
  static var missingReducer: Reducer {
    { _, _ in preconditionFailure("a machine asked for a fold, and the sequence has no reducer") }
  }

  /// The reader's hold on the state's loan, which it uses without the lock.
  @usableFromInline let loan: CandidateLoan<Output>?

  @inlinable
  init(
    base: Base, machine: Machine, clock: C, tolerance: C.Duration?, reducer: Reducer? = nil,
    following testClock: TestClock? = nil
  ) {
    let loan = reducer.map { _ in CandidateLoan<Output>() }
    self.base = base
    self.timebase = PacingTimebase(clock: clock, tolerance: tolerance, following: testClock)
    self.state = LockedState(PacingShellState(machine: machine, side: Side(), loan: loan))
    self.reducer = reducer
    self.loan = loan
  }

  @inlinable
  func timerIdles(
    _ state: inout PacingShellState<Machine, Side, Failure>,
    effects: inout PacingEffects<Machine.Output, Failure, Machine.Instant>
  ) -> Bool { true }

  // MARK: The consumer

  @inlinable
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
    let result = await withTaskCancellationHandler(
      operation: {
        await withUnsafeContinuation(isolation: actor) { (consumer: State.Consumer) in
          var effects = Effects()
          let immediate = state.withLock { state -> Result<Output?, Failure>? in
            if !state.mailbox.isEmpty || state.timer.abandoned != nil {
              catchUp(&state, effects: &effects)
            }
            if let output = state.mailbox.take(at: { state.time.clamp(timebase.now) }) {
              if let reader = state.side.pausedReader.take() {
                effects.resumedReader = (reader, true)
              }
              return .success(output)
            }
            switch state.side.phase {
            case .notStarted:
              if Machine.tracksIterationStart {
                state.machine.iterationStarted(at: state.time.clamp(timebase.now))
              }
              state.side.phase = .running
              state.consumer = consumer
              state.workerGeneration &+= 1
              effects.startedWorker = state.workerGeneration
              return nil
            case .running:
              precondition(
                state.consumer == nil,
                "next() called while another next() on this iterator waits")
              state.consumer = consumer
              return nil
            case .ended(let failure):
              state.side.phase = .finished
              return failure.map { .failure($0) } ?? .success(nil)
            case .finished:
              return .success(nil)
            }
          }
          perform(effects)
          if let immediate { consumer.resume(returning: immediate) }
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
    var effects = Effects()
    state.withLock { state in
      state.side.phase = .finished
      state.isOpen = false
      state.mailbox.removeAll()
      _ = state.loan?.recall()
      state.stopTimer(effects: &effects)
      if let consumer = state.consumer.take() { effects.consumer = (consumer, .success(nil)) }
      if let reader = state.side.pausedReader.take() { effects.resumedReader = (reader, false) }
      state.retire(worker: state.side.reader.take(), effects: &effects)
    }
    perform(effects)
  }

  @inlinable
  func deliver(
    _ actions: PacingActions<Machine.Output, Machine.Instant>, failure: Failure?,
    into state: inout PacingShellState<Machine, Side, Failure>,
    effects: inout PacingEffects<Machine.Output, Failure, Machine.Instant>
  ) {
    _ = state.post(actions, effects: &effects)
    guard let ending = actions.ending else { return }
    let failure = ending == .failure ? failure : nil
    if let consumer = state.consumer.take() {
      state.side.phase = .finished
      effects.consumer = (consumer, failure.map { .failure($0) } ?? .success(nil))
    } else {
      state.side.phase = .ended(failure)
    }
  }

  // MARK: The reader

  @inlinable
  func startWorker(generation: UInt64) {
    // The consumer's first `next()`: a test clock names a consumer outside the test's work.
    timebase.preferringClock?.noteIterationStart()
    let reader = startTask(for: timebase) {
      // A cancel that raced the start must not consume an element of a shared upstream.
      guard self.state.withLock({ $0.isOpen }) else { return }
      await self.readUpstream()
    }
    let keep = state.withLock { state -> Bool in
      if case .finished = state.side.phase { return false }
      state.side.reader = reader
      return true
    }
    if !keep { reader.cancel() }
  }

  /// Hands each element to the machine, reading the clock once per element; when the machine
  /// asks for an async fold, awaits the reducer before it reads the next element, so folds
  /// run one at a time and in arrival order (an element's instant is when the upstream's
  /// `next()` returned it, <doc:PacingContract>, "Throttle").
  ///
  /// While the machine lends it the window's candidate, the reader folds elements arriving
  /// before the window's end into it without the lock (see ``CandidateLoan``).
  @inlinable
  func readUpstream() async {
    var iterator = base.makeAsyncIterator()
    // Unwrapped once for the loop: bound at each element, the reducer's context was retained
    // and released around every call (measured: 6% of a reducing throttle's time).
    let reducer = self.reducer ?? Self.missingReducer
    let loan = self.loan
    // The end of the window whose candidate is on loan, while it may be.
    var loanEnds: Instant?
    do throws(Failure) {
      while let element = try await iterator.next(isolation: nil) {
        let now = timebase.now
        if let end = loanEnds, now < end, let candidate = loan?.beginFold() {
          let folded = await reducer(candidate, element)
          guard let recalled = loan?.endFold(folded) ?? nil else { continue }
          // A lock holder took the loan back while the reducer ran: the result goes to the
          // machine like any fold's, emitted now if the window has ended.
          loanEnds = nil
          let mailboxIsFull = handle(
            at: nil, { $0.foldFinished(recalled, at: $1, mayLend: false) },
            inspect: { _, mailboxIsFull in mailboxIsFull })
          guard let mailboxIsFull else { return }
          if mailboxIsFull {
            guard await roomInMailbox() else { return }
          }
          continue
        }
        loanEnds = nil
        let seed: Output?
        switch elementArrived(element, at: now) {
        case .ignored: return
        case .taken: continue
        case .mailboxFull:
          guard await roomInMailbox() else { return }
          continue
        case .foldRequested(let into): seed = into
        }
        let value = await reducer(seed, element)
        // The clock is read only if the fold's result is emitted now; a value the machine
        // lends is on loan before the lock is released, so any lock holder can take it back.
        let outcome = handle(
          at: nil,
          { machine, now in
            let actions = machine.foldFinished(value, at: now, mayLend: loan != nil)
            if actions.lendsCandidateUntil != nil { loan?.lend(value) }
            return actions
          },
          inspect: { actions, mailboxIsFull in (actions.lendsCandidateUntil, mailboxIsFull) })
        guard let (lentUntil, mailboxIsFull) = outcome else { return }
        if mailboxIsFull {
          guard await roomInMailbox() else { return }
        }
        loanEnds = lentUntil
      }
      upstreamFinished(at: timebase.now)
    } catch {
      handle(at: timebase.now, failure: error) { $0.upstreamFailed(at: $1()) }
    }
  }

  /// Waits while the mailbox is full, which happens only while time stands still (an output due
  /// later replaces the waiting ones): back-pressure within one instant, never a drop. `false`
  /// once the iteration ended.
  @inlinable
  func roomInMailbox() async -> Bool {
    await withUnsafeContinuation { (reader: UnsafeContinuation<Bool, Never>) in
      let readsOn = state.withLock { state -> Bool? in
        guard state.isOpen else { return false }
        guard state.mailbox.isFull else { return true }
        state.side.pausedReader = reader
        return nil
      }
      if let readsOn { reader.resume(returning: readsOn) }
    }
  }
}
