/// The upstream of a pacing sequence and what paces it: the one shape every pacing sequence
/// stores, and the one place an iteration's shell is opened.
///
/// The clock is the sequence's `C`; a form made without `clock:` inside a host's scope
/// (``PacingDefaults/clock``) keeps `C == ContinuousClock` in its type, and runs on the host
/// instead (`standIn`). The choice is made once, when the iterator is made: each shell is
/// specialised for the clock it runs on, and no element or sleep asks which it is.
@usableFromInline
struct PacedUpstream<Base: AsyncSequence & Sendable, C: Clock>: Sendable
where Base.Element: Sendable {
  @usableFromInline let base: Base
  @usableFromInline let clock: C
  @usableFromInline let tolerance: C.Duration?
  /// The clock the iteration runs on instead of `clock`, for a form without `clock:` made inside
  /// a host's scope: the host, wrapped when the form was called.
  @usableFromInline let standIn: StandInClock<C.Duration>?

  /// An upstream paced on `clock`, which the caller chose. A real clock chosen inside a host's
  /// scope keeps real time there, and the host hears of it (``PacingHost/realClockChosen(_:by:)``).
  @inlinable
  init(_ base: Base, clock: C, tolerance: C.Duration?, api: StaticString) {
    self.base = base
    self.clock = clock
    self.tolerance = tolerance
    self.standIn = nil
    noteRealClockChoice(of: clock, by: "\(api)")
  }

  @inlinable
  init(_ base: Base, clock: C, tolerance: C.Duration?, standIn: StandInClock<C.Duration>?) {
    self.base = base
    self.clock = clock
    self.tolerance = tolerance
    self.standIn = standIn
  }

  /// An iterator running `machine` over the upstream.
  @inlinable
  func iterator<Machine: ElementPacingMachine>(running machine: Machine)
    -> AsyncPacingIterator<Machine.Output, Base.Failure>
  where Machine.Instant == ElapsedInstant<C.Duration>, Machine.Element == Base.Element {
    openIteration(running: machine).iterator
  }

  /// An iterator running `machine` over the upstream, and the instant of `C` its shell's time
  /// counts from, for an operator that reports instants (a timeout's deadline).
  @inlinable
  func openIteration<Machine: ElementPacingMachine>(running machine: Machine) -> (
    iterator: AsyncPacingIterator<Machine.Output, Base.Failure>, origin: C.Instant
  ) where Machine.Instant == ElapsedInstant<C.Duration>, Machine.Element == Base.Element {
    if let standIn { return openIteration(running: machine, on: standIn) }
    let shell = SequenceShell(base: base, machine: machine, clock: clock, tolerance: tolerance)
    return (AsyncPacingIterator(shell), shell.timebase.origin)
  }

  /// The iteration of a form without `clock:` inside a host's scope. Left unoptimized, so that
  /// no shell is specialised for the stand-in: an app's code holds only the continuous clock's.
  @usableFromInline @_optimize(none)
  func openIteration<Machine: ElementPacingMachine>(
    running machine: Machine, on standIn: StandInClock<C.Duration>
  ) -> (iterator: AsyncPacingIterator<Machine.Output, Base.Failure>, origin: C.Instant)
  where Machine.Instant == ElapsedInstant<C.Duration>, Machine.Element == Base.Element {
    // The stand-in's time, counted from the continuous clock's `now`: an offset on the one is
    // as far on the other.
    let origin = clock.now
    let shell = SequenceShell(base: base, machine: machine, clock: standIn, tolerance: tolerance)
    return (AsyncPacingIterator(shell), origin)
  }

  /// An iterator whose reader folds the upstream's elements with `reducer` as `machine` asks.
  @inlinable
  func iterator<Machine: FoldingPacingMachine>(
    running machine: Machine,
    reducer: @escaping SequenceShell<Base, Machine, C>.Reducer
  ) -> AsyncPacingIterator<Machine.Output, Base.Failure>
  where Machine.Instant == ElapsedInstant<C.Duration>, Machine.Element == Base.Element {
    if let standIn { return iterator(running: machine, reducer: reducer, on: standIn) }
    return AsyncPacingIterator(
      SequenceShell(
        base: base, machine: machine, reducer: reducer, clock: clock, tolerance: tolerance))
  }

  /// The folding iteration of a form without `clock:` inside a host's scope, left unoptimized as
  /// ``openIteration(running:on:)`` says.
  @usableFromInline @_optimize(none)
  func iterator<Machine: FoldingPacingMachine>(
    running machine: Machine, reducer: @escaping SequenceShell<Base, Machine, C>.Reducer,
    on standIn: StandInClock<C.Duration>
  ) -> AsyncPacingIterator<Machine.Output, Base.Failure>
  where Machine.Instant == ElapsedInstant<C.Duration>, Machine.Element == Base.Element {
    AsyncPacingIterator(
      SequenceShell(
        base: base, machine: machine, reducer: reducer, clock: standIn, tolerance: tolerance))
  }
}

extension PacedUpstream where C == ContinuousClock {
  /// An upstream paced on the continuous clock, or, inside a host's scope, on the host from
  /// this call on.
  @inlinable
  init(onDefaultClock base: Base, tolerance: Duration?) {
    self.init(
      base, clock: ContinuousClock(), tolerance: tolerance,
      standIn: .ofScope)
  }
}
