// The modifiers of a backoff strategy (``BackoffStrategy/minimum(_:)``, ``BackoffStrategy/
// maximum(_:)``, ``BackoffStrategy/fullJitter()``, ``BackoffStrategy/equalJitter()``), applied
// in chain order: each one acts on what the strategy before it gives. Jitter draws with
// `Int128.random(in:using:)` from the generator `nextDuration(using:)` is given, so that a
// seeded generator gives the proposal's own figures.

/// A base strategy's delays, no shorter than a minimum or no longer than a maximum.
@usableFromInline
struct ClampedBackoffStrategy<Base: BackoffStrategy>: BackoffStrategy {
  @usableFromInline
  enum Bound: Sendable {
    case atLeast(Base.Duration)
    case atMost(Base.Duration)

    @inlinable
    func clamp(_ delay: Base.Duration) -> Base.Duration {
      switch self {
      case .atLeast(let minimum): max(minimum, delay)
      case .atMost(let maximum): min(maximum, delay)
      }
    }
  }

  @usableFromInline let base: Base
  @usableFromInline let bound: Bound

  @inlinable
  init(base: Base, bound: Bound) {
    self.base = base
    self.bound = bound
  }

  @inlinable
  func makeIterator() -> Iterator { Iterator(base: base.makeIterator(), bound: bound) }

  @usableFromInline
  struct Iterator: BackoffIterator {
    @usableFromInline var base: Base.Iterator
    @usableFromInline let bound: Bound

    @inlinable
    init(base: Base.Iterator, bound: Bound) {
      self.base = base
      self.bound = bound
    }

    @inlinable
    mutating func nextDuration() -> Base.Duration { bound.clamp(base.nextDuration()) }

    @inlinable
    mutating func nextDuration(using generator: inout some RandomNumberGenerator)
      -> Base.Duration
    {
      bound.clamp(base.nextDuration(using: &generator))
    }
  }
}

extension ClampedBackoffStrategy: Sendable where Base: Sendable {}

/// Jitter over a base strategy's delay d: full draws from 0…d, equal from d/2…d.
@usableFromInline
struct JitterBackoffStrategy<Base: BackoffStrategy>: BackoffStrategy
where Base.Duration == Swift.Duration {
  @usableFromInline let base: Base
  @usableFromInline let isEqual: Bool

  @inlinable
  init(base: Base, isEqual: Bool) {
    self.base = base
    self.isEqual = isEqual
  }

  @inlinable
  func makeIterator() -> Iterator { Iterator(base: base.makeIterator(), isEqual: isEqual) }

  @usableFromInline
  struct Iterator: BackoffIterator {
    @usableFromInline var base: Base.Iterator
    @usableFromInline let isEqual: Bool

    @inlinable
    init(base: Base.Iterator, isEqual: Bool) {
      self.base = base
      self.isEqual = isEqual
    }

    @inlinable
    mutating func nextDuration() -> Duration {
      Duration(attoseconds: Int128.random(in: range(of: base.nextDuration())))
    }

    @inlinable
    mutating func nextDuration(using generator: inout some RandomNumberGenerator) -> Duration {
      let range = range(of: base.nextDuration(using: &generator))
      return Duration(attoseconds: Int128.random(in: range, using: &generator))
    }

    /// The attoseconds a delay d is drawn from. A negative d (only a strategy of the caller's
    /// own gives one) draws from zero, where the proposal's range would trap.
    @inlinable
    func range(of delay: Duration) -> ClosedRange<Int128> {
      let delay = max(delay.attoseconds, 0)
      return (isEqual ? delay / 2 : 0)...delay
    }
  }
}

extension JitterBackoffStrategy: Sendable where Base: Sendable {}
