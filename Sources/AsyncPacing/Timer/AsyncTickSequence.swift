/// The instants of a fixed grid, `interval` apart, counted from the first `next()`: what
/// `clock.ticks(every:tolerance:)` returns.
///
/// ```swift
/// for await tick in clock.ticks(every: .seconds(1)) {
///   refresh(at: tick)
/// }
/// ```
///
/// Each element is the tick's scheduled instant. A consumer that comes back after several
/// ticks fell due gets one, the latest, at once; the grid never moves (<doc:PacingContract>,
/// "Ticks"). The timer sleeps in the consumer's own task: nothing runs while nobody waits.
public struct AsyncTickSequence<C: Clock>: AsyncSequence, Sendable {
  /// A tick's scheduled instant on the clock.
  ///
  /// ```swift
  /// let first = await clock.ticks(every: .seconds(1)).first { _ in true }
  /// ```
  public typealias Element = C.Instant

  /// Ticks never fail: cancelling the consumer's task ends them.
  ///
  /// ```swift
  /// for await tick in clock.ticks(every: .seconds(1)) { print(tick) }
  /// ```
  public typealias Failure = Never

  @usableFromInline let clock: C
  @usableFromInline let interval: C.Duration
  @usableFromInline let tolerance: C.Duration?
  /// The host that a form without `clock:`, made inside its scope, runs on.
  @usableFromInline let standIn: StandInClock<C.Duration>?

  @inlinable
  init(clock: C, interval: C.Duration, tolerance: C.Duration?, standIn: StandInClock<C.Duration>?) {
    checkArgument(
      interval > .zero, "ticks(every:): `interval` must be greater than zero (got \(interval))")
    self.clock = clock
    self.interval = interval
    self.tolerance = tolerance
    self.standIn = standIn
  }

  /// Creates an iterator; the grid starts at its first `next()`.
  ///
  /// ```swift
  /// var ticks = clock.ticks(every: .seconds(1)).makeAsyncIterator()
  /// let first = await ticks.next()   // one second after this call
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(sequence: self)
  }

  /// The iterator of an ``AsyncTickSequence``.
  ///
  /// ```swift
  /// var ticks = clock.ticks(every: .seconds(1)).makeAsyncIterator()
  /// while let tick = await ticks.next() { refresh(at: tick) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline
    enum Phase {
      case notStarted(AsyncTickSequence)
      case ticking(TickTimer<C>)
      case ended
    }

    @usableFromInline var phase: Phase

    @inlinable
    init(sequence: AsyncTickSequence) {
      phase = .notStarted(sequence)
    }

    /// The next tick: at once, the latest one due, if any fell due since the last; otherwise
    /// the next one, when it falls due. `nil` once the task is cancelled.
    ///
    /// ```swift
    /// var ticks = clock.ticks(every: .seconds(1)).makeAsyncIterator()
    /// let tick = await ticks.next()
    /// ```
    @inlinable
    public mutating func next() async -> C.Instant? {
      await next(isolation: nil)
    }

    /// The next tick, as ``next()``; `for await` calls this form with its own isolation. The
    /// sleep runs wherever the clock's `sleep` runs.
    ///
    /// ```swift
    /// var ticks = clock.ticks(every: .seconds(1)).makeAsyncIterator()
    /// let tick = await ticks.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> C.Instant? {
      var timer: TickTimer<C>
      switch phase {
      case .ended:
        return nil
      case .ticking(let running):
        timer = running
      case .notStarted(let sequence):
        guard !Task.isCancelled else {
          phase = .ended
          return nil
        }
        timer = TickTimer(sequence)
      }
      let tick = await timer.next()
      phase = tick == nil ? .ended : .ticking(timer)
      return tick
    }
  }
}

extension Clock {
  /// A sequence of this clock's instants `interval` apart, from the first `next()` on, that
  /// never drifts: each element is the tick's scheduled instant.
  ///
  /// ```swift
  /// for await tick in clock.ticks(every: .seconds(1)) {
  ///   await poll(at: tick)
  /// }
  /// ```
  ///
  /// Tick n is due `n × interval` after the first `next()`. A `next()` that finds ticks due
  /// returns one at once, the latest; otherwise it waits for the next grid instant. The
  /// consumer's pace never moves the grid. Cancelling the task ends the sequence.
  ///
  /// A clock stored as `any Clock<Duration>` ticks through ``AnyClock``, whose instants
  /// are offsets from when it was wrapped:
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ContinuousClock()
  /// for await tick in AnyClock(clock).ticks(every: .seconds(1)) { … }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between ticks; greater than zero.
  ///   - tolerance: Passed to the clock's `sleep`; it never changes the instants.
  @inlinable
  public func ticks(every interval: Duration, tolerance: Duration? = nil) -> AsyncTickSequence<
    Self
  > {
    noteRealClockChoice(of: self, by: "ticks(every:)")
    return AsyncTickSequence(clock: self, interval: interval, tolerance: tolerance, standIn: nil)
  }
}

/// A sequence of the continuous clock's instants `interval` apart, from the first `next()` on,
/// that never drifts.
///
/// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
/// runs on that clock instead, from this call on (``PacingDefaults/clock``): the grid is
/// anchored at the continuous clock's `now` read at the first `next()`, and the ticks are
/// exactly `interval` apart from it.
///
/// ```swift
/// for await _ in ticks(every: .seconds(30)) {
///   await sync()
/// }
/// ```
///
/// See ``_Concurrency/Clock/ticks(every:tolerance:)``.
@inlinable
public func ticks(every interval: Duration, tolerance: Duration? = nil) -> AsyncTickSequence<
  ContinuousClock
> {
  AsyncTickSequence(
    clock: ContinuousClock(), interval: interval, tolerance: tolerance, standIn: .ofScope)
}
