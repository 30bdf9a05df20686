/// A sequence that runs an upstream through a pacing machine, for the operators whose public
/// type is opaque (`some AsyncSequence<Element, Failure>`): each iterator starts from a copy
/// of `machine`, the machine's initial state.
@usableFromInline
struct PacedSequence<Base: AsyncSequence & Sendable, C: Clock, Machine: ElementPacingMachine>:
  AsyncSequence, Sendable
where
  Base.Element: Sendable, Machine.Instant == ElapsedInstant<C.Duration>,
  Machine.Element == Base.Element
{
  @usableFromInline typealias Element = Machine.Output
  @usableFromInline typealias Failure = Base.Failure

  @usableFromInline let upstream: PacedUpstream<Base, C>
  @usableFromInline let machine: Machine

  @inlinable
  init(_ upstream: PacedUpstream<Base, C>, machine: Machine) {
    self.upstream = upstream
    self.machine = machine
  }

  @inlinable
  func makeAsyncIterator() -> Iterator {
    upstream.iterator(running: machine)
  }

  @usableFromInline typealias Iterator = AsyncPacingIterator<Element, Failure>
}
