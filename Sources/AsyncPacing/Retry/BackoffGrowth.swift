// The strategies a backoff starts from (``Backoff``): constant, linear and exponential. Linear
// and exponential growth saturate: once the next delay would overflow, every delay is the
// longest `Duration`, as the retry proposal settles.

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

@usableFromInline
struct LinearBackoffStrategy: BackoffStrategy, Sendable {
  @usableFromInline let initial: Duration
  @usableFromInline let increment: Duration

  @inlinable
  init(increment: Duration, initial: Duration) {
    checkArgument(
      initial >= .zero,
      "Backoff.linear(increment:initial:): `initial` must not be negative (got \(initial))")
    checkArgument(
      increment >= .zero,
      "Backoff.linear(increment:initial:): `increment` must not be negative (got \(increment))")
    self.initial = initial
    self.increment = increment
  }

  @inlinable
  func makeIterator() -> Iterator { Iterator(next: .delay(initial), increment: increment) }

  @usableFromInline
  struct Iterator: BackoffIterator {
    @usableFromInline var next: SaturatingDelay
    @usableFromInline let increment: Duration

    @inlinable
    init(next: SaturatingDelay, increment: Duration) {
      self.next = next
      self.increment = increment
    }

    @inlinable
    mutating func nextDuration() -> Duration {
      next.advance { $0.addingReportingOverflow(increment.attoseconds) }
    }
  }
}

@usableFromInline
struct ExponentialBackoffStrategy: BackoffStrategy, Sendable {
  @usableFromInline let initial: Duration
  @usableFromInline let factor: Int128

  @inlinable
  init(factor: Int128, initial: Duration) {
    checkArgument(
      initial >= .zero,
      "Backoff.exponential(factor:initial:): `initial` must not be negative (got \(initial))")
    checkArgument(
      factor >= 1,
      "Backoff.exponential(factor:initial:): `factor` must be at least 1 (got \(factor))")
    self.initial = initial
    self.factor = factor
  }

  @inlinable
  func makeIterator() -> Iterator { Iterator(next: .delay(initial), factor: factor) }

  @usableFromInline
  struct Iterator: BackoffIterator {
    @usableFromInline var next: SaturatingDelay
    @usableFromInline let factor: Int128

    @inlinable
    init(next: SaturatingDelay, factor: Int128) {
      self.next = next
      self.factor = factor
    }

    @inlinable
    mutating func nextDuration() -> Duration {
      next.advance { $0.multipliedReportingOverflow(by: factor) }
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
