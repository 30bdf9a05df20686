/// The iterator of every pacing sequence: ``AsyncDebounceSequence``,
/// ``AsyncThrottleSequence`` and ``AsyncSampleSequence`` name it as their `Iterator`. Dropping
/// its last copy cancels the iteration.
///
/// `for await` uses it for you; call `next()` yourself to take elements one at a time.
///
/// ```swift
/// var settled = queries.debounce(for: .milliseconds(300)).makeAsyncIterator()
/// while let query = await settled.next() { await search(query) }
/// ```
public struct AsyncPacingIterator<Element, Failure: Error>: AsyncIteratorProtocol {
  /// The shell's `next`, made where the shell's type is known, so that a call runs the shell's
  /// code specialized for its machine and clock; it holds the iteration, not the shell.
  @usableFromInline let nextOutput: (isolated (any Actor)?) async throws(Failure) -> Element?
  /// The same iteration, for the diagnostics counters only.
  @usableFromInline let counters: any IterationCounters

  @inlinable
  init<Base, Machine, C>(_ shell: SequenceShell<Base, Machine, C>)
  where Machine.Output == Element, Base.Failure == Failure {
    let iteration = IterationLifetime(shell)
    nextOutput = { actor throws(Failure) in try await iteration.shell.next(isolation: actor) }
    counters = iteration
  }

  /// Waits for the next element the operator emits.
  ///
  /// Returns `nil` once the upstream has finished and its last pending element was
  /// delivered, after an error was thrown, or when the consuming task is cancelled. Throws
  /// the upstream's error. Call it from one task at a time.
  ///
  /// ```swift
  /// let firstQuery = await settled.next()
  /// ```
  @inlinable
  public mutating func next() async throws(Failure) -> Element? {
    try await nextOutput(nil)
  }

  /// Waits for the next element, as ``next()``, and resumes on `actor`.
  ///
  /// `for await` in actor-isolated code calls this one, so the loop does not leave the
  /// actor to wait.
  ///
  /// ```swift
  /// let firstQuery = await settled.next(isolation: #isolation)
  /// ```
  @inlinable
  public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure)
    -> Element?
  {
    try await nextOutput(actor)
  }
}

/// How long an iteration lives: the iterator holds this, the shell's tasks hold the shell but not
/// this, so when the last iterator copy goes away, `deinit` cancels the iteration.
@usableFromInline
final class IterationLifetime<Base, Machine, C>: Sendable
where
  Base: AsyncSequence & Sendable, Machine: PacingMachine, C: Clock,
  Machine.Instant == ElapsedInstant<C.Duration>, Machine.Element == Base.Element,
  Base.Element: Sendable
{
  @usableFromInline let shell: SequenceShell<Base, Machine, C>

  @inlinable
  init(_ shell: SequenceShell<Base, Machine, C>) {
    self.shell = shell
  }

  deinit {
    shell.cancel()
  }
}

/// What the diagnostics read of an iteration whose shell's type the iterator does not name.
@usableFromInline
protocol IterationCounters: AnyObject {
  var replacedOutputs: Int { get }
}

extension IterationLifetime: IterationCounters {
  @usableFromInline var replacedOutputs: Int {
    shell.state.withLock { $0.mailbox.replacedCount }
  }
}
