/// The shell of a sequence operator's iteration: a ``ShellCore`` whose consumer waits in
/// `next()` and whose worker reads the upstream.
///
/// Per iterator it runs one task of its own: a reader, started by the first `next()`, that
/// iterates the upstream continuously (so deadlines reflect real arrivals, whatever the
/// consumer does). The machine's deadlines go to the timer its real clock shares
/// (``SharedPacingTimer``), or on another clock to a timer task of the shell's own, started by
/// the first deadline. Its tasks are created with the executor preference the clock's host
/// gives (``PacingHost/preferredTaskExecutor``), so on a test clock they stay on its executor.
/// All decisions are the machine's.
@usableFromInline
final class SequenceShell<Base: AsyncSequence & Sendable, Machine: PacingMachine, C: Clock>:
  ShellCore
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

  @usableFromInline let timebase: PacingTimebase<C>
  @usableFromInline let sharedTimer: SharedTimerUse<C>?
  @usableFromInline let state: LockedState<ShellState<Machine, Side>>
  @usableFromInline let base: Base
  /// The reader's loop: one for machines that decide about each element, one for machines whose
  /// elements the reader folds (it holds the reducer).
  @usableFromInline let reads: @Sendable (SequenceShell) async -> Void

  @inlinable
  init(
    base: Base, machine: Machine, clock: C, tolerance: C.Duration?,
    reads: @escaping @Sendable (SequenceShell) async -> Void
  ) {
    self.base = base
    self.timebase = PacingTimebase(clock: clock, tolerance: tolerance)
    self.state = LockedState(ShellState(machine: machine, side: Side()))
    self.sharedTimer = SharedTimerUse(.forNewShell(tolerance: tolerance))
    self.reads = reads
  }

  /// A sequence's timer task lives as long as its iteration.
  @inlinable
  func deadlinesRanOut(
    _ state: inout ShellState<Machine, Side>,
    effects: inout ShellEffects<Machine.Output, Failure, Machine.Instant>
  ) -> IdleTimerTask { .waits }

  // MARK: The consumer

  @inlinable
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Output? {
    let result = await withTaskCancellationHandler(
      operation: {
        await withUnsafeContinuation(isolation: actor) { (consumer: Effects.OutputWaiter) in
          var effects = Effects()
          let immediate = state.withLock { state -> Result<Output?, Failure>? in
            if !state.mailbox.isEmpty || state.timer.abandoned != nil {
              catchUp(&state, effects: &effects)
            }
            if let output = state.mailbox.take(
              at: { state.time.clamp(timebase.now) },
              keepsEvery: Machine.delivery.keepsEveryOutput)
            {
              if let reader = state.side.takePausedReader() {
                effects.resumedReader = (reader, true)
              }
              return .success(output)
            }
            switch state.side.phase {
            case .notStarted:
              if Machine.tracksIterationStart {
                state.machine.iterationStarted(at: state.time.clamp(timebase.now))
              }
              var running = Running(waiting: .consumer(consumer))
              running.readGranted = true
              state.side.phase = .running(running)
              state.workerGeneration &+= 1
              effects.startedWorker = state.workerGeneration
              consumerAsked(&state, effects: &effects)
              return nil
            case .running(var running):
              switch running.waiting {
              case .nobody:
                // Reading on demand, this call grants one read: to the reader that waits for
                // it, or to the next one the reader begins.
                if Machine.delivery == .onDemand {
                  if let reader = running.readerAwaitingAsk {
                    running.readerAwaitingAsk = nil
                    effects.resumedReader = (reader, true)
                  } else {
                    running.readGranted = true
                  }
                }
              case .consumer:
                preconditionFailure("next() called while another next() on this iterator waits")
              case .reader(let reader):
                // Reading continuously, only a full mailbox pauses the reader, and the take that
                // empties one resumes it; reading on demand, the reader waits for this call.
                precondition(
                  Machine.delivery == .onDemand, "the reader waits for room in an empty mailbox")
                assert(!running.readGranted, "a read granted while the reader waited for one")
                effects.resumedReader = (reader, true)
              }
              running.waiting = .consumer(consumer)
              state.side.phase = .running(running)
              consumerAsked(&state, effects: &effects)
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

  /// Tells a machine that reads on demand that the consumer now waits (its clock reading is
  /// the one that call costs).
  @inlinable @inline(__always)
  func consumerAsked(_ state: inout State, effects: inout Effects) {
    guard Machine.delivery == .onDemand else { return }
    let actions = state.machine.consumerAsked(at: state.time.clamp(timebase.now))
    apply(actions, failure: nil, to: &state, effects: &effects)
  }

  /// Ends everything at once: the consumer gets `nil`, waiting outputs and the pending element
  /// are dropped, and both tasks are cancelled (which cancels the upstream iteration).
  @inlinable
  func cancel() {
    var effects = Effects()
    state.withLock { state in
      if case .running(let running) = state.side.phase {
        state.machine.iterationCancelled()
        state.retire(worker: running.reader, effects: &effects)
        if let consumer = state.side.takeOutputWaiter() {
          effects.resumedWaiter = (consumer, .success(nil))
        }
      }
      state.side.leave(for: .finished, effects: &effects)
      state.mailbox.removeAll()
      state.stopTimer(effects: &effects)
    }
    perform(effects)
  }

  /// An ending goes to the consumer once the mailbox is empty, or waits behind it.
  @inlinable
  func emissionsPosted(
    next: PacingNext<Machine.Instant>, failure: Failure?,
    state: inout ShellState<Machine, Side>,
    effects: inout ShellEffects<Machine.Output, Failure, Machine.Instant>
  ) {
    guard case .end(let ending) = next else { return }
    // A machine that ends on a deadline ends a reader still waiting for the upstream.
    if case .running(let running) = state.side.phase {
      state.retire(worker: running.reader, effects: &effects)
    }
    let failure = ending == .failure ? failure : nil
    if let consumer = state.side.takeOutputWaiter() {
      state.side.leave(for: .finished, effects: &effects)
      effects.resumedWaiter = (consumer, failure.map { .failure($0) } ?? .success(nil))
    } else {
      state.side.leave(for: .ended(failure), effects: &effects)
    }
  }

  // MARK: The reader

  @inlinable
  func startWorker(generation: UInt64) {
    // The consumer's first `next()`: a test clock names a consumer outside the test's work.
    timebase.host?.iterationStarted()
    let reader = startTask(for: timebase) {
      // A cancel that raced the start must not consume an element of a shared upstream.
      guard self.state.withLock({ $0.side.takesEvents }) else { return }
      await self.reads(self)
    }
    let keep = state.withLock { state -> Bool in
      switch state.side.phase {
      case .running(var running):
        running.reader = reader
        state.side.phase = .running(running)
        return true
      case .notStarted:
        return true
      case .ended, .finished:
        // The machine ended first, perhaps on a deadline: the reader must not read on.
        return false
      }
    }
    if !keep { reader.cancel() }
  }

  /// Reading on demand, waits until a `next()` grants a read: one per `next()` that found
  /// nothing for it, so that nothing is read while the machine holds what the last read brought
  /// (a rate limiter's element waiting for its token); `false` once the iteration ended.
  @inlinable
  func consumerWaits() async -> Bool {
    await withUnsafeContinuation { (reader: UnsafeContinuation<Bool, Never>) in
      let next = state.withLock { state -> ReaderNext in
        guard case .running(var running) = state.side.phase else { return .ends }
        switch running.waiting {
        case .consumer:
          if running.readGranted {
            running.readGranted = false
            state.side.phase = .running(running)
            return .readsOn
          }
          running.readerAwaitingAsk = reader
          state.side.phase = .running(running)
          return .waits
        case .reader: preconditionFailure("two readers of one iteration")
        case .nobody:
          assert(!running.readGranted, "a read granted while no next() waits")
        }
        running.waiting = .reader(reader)
        state.side.phase = .running(running)
        return .waits
      }
      next.resume(reader)
    }
  }

  /// Waits while the mailbox is full, which happens only while time stands still (an output due
  /// later replaces the waiting ones): back-pressure within one instant, never a drop. `false`
  /// once the iteration ended.
  @inlinable
  func roomInMailbox() async -> Bool {
    await withUnsafeContinuation { (reader: UnsafeContinuation<Bool, Never>) in
      let next = state.withLock { state -> ReaderNext in
        guard case .running(var running) = state.side.phase else { return .ends }
        guard state.mailbox.isFull else { return .readsOn }
        // A consumer waits only for an empty mailbox.
        assert(running.waiting.isNobody, "the reader paused while the consumer waits")
        running.waiting = .reader(reader)
        state.side.phase = .running(running)
        return .waits
      }
      next.resume(reader)
    }
  }
}
