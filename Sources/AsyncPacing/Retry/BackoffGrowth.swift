// The strategies a backoff starts from (``Backoff``): constant, and growing by adding (linear)
// or by multiplying (exponential). Growth saturates: once the next delay would overflow, every
// delay is the longest `Duration`, as the retry proposal settles.

@usableFromInline
struct ConstantBackoffStrategy<Duration: DurationProtocol>: BackoffStrategy, Sendable {
  @usableFromInline let constant: Duration

  @inlinable
  init(constant: Duration) {
    checkArgument(
      constant >= .zero, "Backoff.constant(_:): `constant` must not be negative (got \(constant))")
    self.constant = constant
  }

  @inlinable
  func makeIterator() -> Iterator { Iterator(constant: constant) }

  @usableFromInline
  struct Iterator: BackoffIterator {
    @usableFromInline let constant: Duration

    @inlinable
    init(constant: Duration) { self.constant = constant }

    @inlinable
    func nextDuration() -> Duration { constant }
  }
}

/// Delays that grow from `initial`, by adding or by multiplying.
@usableFromInline
struct GrowingBackoffStrategy: BackoffStrategy, Sendable {
  @usableFromInline
  enum Growth: Sendable {
    case adding(Duration)
    case multiplying(by: Int128)
  }

  @usableFromInline let initial: Duration
  @usableFromInline let growth: Growth

  @inlinable
  init(initial: Duration, growth: Growth) {
    self.initial = initial
    self.growth = growth
  }

  @inlinable
  func makeIterator() -> Iterator { Iterator(next: .delay(initial), growth: growth) }

  @usableFromInline
  struct Iterator: BackoffIterator {
    @usableFromInline var next: SaturatingDelay
    @usableFromInline let growth: Growth

    @inlinable
    init(next: SaturatingDelay, growth: Growth) {
      self.next = next
      self.growth = growth
    }

    @inlinable
    mutating func nextDuration() -> Duration {
      switch growth {
      case .adding(let increment):
        next.advance { $0.addingReportingOverflow(increment.attoseconds) }
      case .multiplying(let factor):
        next.advance { $0.multipliedReportingOverflow(by: factor) }
      }
    }
  }
}

/// A growing delay: the next one, or the longest `Duration` for good once growth overflowed.
@usableFromInline
enum SaturatingDelay: Sendable {
  case delay(Duration)
  case saturated

  /// The delay to give now, growing the next one by `grow`. As the proposal settles, the delay
  /// whose successor overflows is itself given as the longest `Duration`.
  @inlinable
  mutating func advance(_ grow: (Int128) -> (partialValue: Int128, overflow: Bool)) -> Duration {
    guard case .delay(let current) = self else { return Duration(attoseconds: .max) }
    let (grown, overflow) = grow(current.attoseconds)
    guard !overflow else {
      self = .saturated
      return Duration(attoseconds: .max)
    }
    self = .delay(Duration(attoseconds: grown))
    return current
  }
}
