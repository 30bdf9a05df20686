/// A sequence that runs an upstream through a pacing machine, for the operators whose public
/// type is opaque (`some AsyncSequence<Element, Failure>`): each iterator starts from a copy
/// of `machine`, the machine's initial state.
@usableFromInline
struct PacedSequence<Base: AsyncSequence & Sendable, C: Clock, Machine: ElementPacingMachine>:
  AsyncSequence, Sendable, FollowsTestClock
where
  Base.Element: Sendable, Machine.Instant == ElapsedInstant<C.Duration>,
  Machine.Element == Base.Element
{
  @usableFromInline typealias Element = Machine.Output
  @usableFromInline typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let clock: C
  @usableFromInline let tolerance: C.Duration?
  @usableFromInline let machine: Machine
  @usableFromInline var followedTestClock: TestClock?

  @inlinable
  init(base: Base, clock: C, tolerance: C.Duration?, machine: Machine) {
    self.base = base
    self.clock = clock
    self.tolerance = tolerance
    self.machine = machine
  }

  @inlinable
  func makeAsyncIterator() -> Iterator {
    Iterator(
      SequenceShell(
        base: base, machine: machine, clock: clock, tolerance: tolerance,
        following: followedTestClock))
  }

  @usableFromInline typealias Iterator = AsyncPacingIterator<Element, Failure>
}
