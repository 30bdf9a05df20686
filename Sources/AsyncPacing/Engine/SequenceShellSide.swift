/// What a sequence's shell keeps under its lock besides the machine: where the iteration
/// stands, each phase owning its data (the reader's task, who waits for whom, the ending).
extension SequenceShell {
  @usableFromInline
  enum IterationPhase: Sendable {
    case notStarted
    case running(Running)
    /// The upstream ended; the ending waits behind the mailbox.
    case ended(Failure?)
    /// The consumer saw the end, or was cancelled: every later `next()` returns `nil`.
    case finished
  }

  /// The iteration while its reader runs.
  @usableFromInline
  struct Running: Sendable {
    /// `nil` until the task that started the reader has recorded it.
    @usableFromInline var reader: Task<Void, Never>?
    @usableFromInline var waiting: Waiting
    /// Reading on demand, the read a `next()` granted that the reader has not begun: each
    /// `next()` that finds nothing for it grants one.
    @usableFromInline var readGranted = false
    /// Reading on demand, the reader waiting for the consumer's next `next()` while the
    /// consumer still waits for the last one (a rate limiter holds what it read).
    @usableFromInline var readerAwaitingAsk: UnsafeContinuation<Bool, Never>?

    @inlinable
    init(waiting: Waiting) {
      self.waiting = waiting
    }
  }

  /// Who waits for the other: the consumer for an output (the mailbox is empty), or the reader
  /// for room in a full mailbox.
  @usableFromInline
  enum Waiting: Sendable {
    case nobody
    case consumer(ShellEffects<Output, Failure, Machine.Instant>.OutputWaiter)
    case reader(UnsafeContinuation<Bool, Never>)

    @inlinable
    var isNobody: Bool {
      if case .nobody = self { true } else { false }
    }
  }

  /// What only a sequence keeps under the lock.
  @usableFromInline
  struct Side: ShellSide {
    @usableFromInline typealias Output = Machine.Output
    @usableFromInline typealias Failure = Base.Failure

    @usableFromInline var phase = IterationPhase.notStarted

    @inlinable
    init() {}

    @inlinable
    var takesEvents: Bool {
      switch phase {
      case .notStarted, .running: true
      case .ended, .finished: false
      }
    }

    /// The consumer, if it waits for an output.
    @inlinable
    mutating func takeOutputWaiter() -> ShellEffects<Output, Failure, Machine.Instant>.OutputWaiter?
    {
      guard case .running(var running) = phase, case .consumer(let consumer) = running.waiting
      else { return nil }
      running.waiting = .nobody
      phase = .running(running)
      return consumer
    }

    /// The reader, if it waits for room in the mailbox.
    @inlinable
    mutating func takePausedReader() -> UnsafeContinuation<Bool, Never>? {
      guard case .running(var running) = phase, case .reader(let reader) = running.waiting else {
        return nil
      }
      running.waiting = .nobody
      phase = .running(running)
      return reader
    }

    /// The iteration is over for the consumer: a reader waiting for room, or for a `next()`, is
    /// told to stop.
    @inlinable
    mutating func leave(
      for phase: IterationPhase, effects: inout ShellEffects<Output, Failure, Machine.Instant>
    ) {
      if let reader = takePausedReader() ?? takeReaderAwaitingAsk() {
        effects.resumedReader = (reader, false)
      }
      self.phase = phase
    }

    /// The reader, if it waits for the consumer's next `next()`.
    @inlinable
    mutating func takeReaderAwaitingAsk() -> UnsafeContinuation<Bool, Never>? {
      guard case .running(var running) = phase, let reader = running.readerAwaitingAsk else {
        return nil
      }
      running.readerAwaitingAsk = nil
      phase = .running(running)
      return reader
    }
  }
}

/// What a sequence's reader does after looking at the iteration: reads on, ends, or waits
/// (its continuation stored, to be resumed with `true` to read on or `false` to end).
@usableFromInline
enum ReaderNext: Sendable {
  case readsOn
  case ends
  case waits

  /// Resumes `reader` at once, unless it waits.
  @inlinable
  func resume(_ reader: UnsafeContinuation<Bool, Never>) {
    switch self {
    case .readsOn: reader.resume(returning: true)
    case .ends: reader.resume(returning: false)
    case .waits: break
    }
  }
}
