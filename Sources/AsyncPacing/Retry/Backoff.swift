/// The strategies a backoff starts from; chain `minimum(_:)`, `maximum(_:)`, `fullJitter()`
/// and `equalJitter()` onto them, in the order they should apply.
///
/// ```swift
/// let backoff = Backoff
///   .exponential(factor: 2, initial: .milliseconds(100))
///   .maximum(.seconds(10))
///   .fullJitter()
/// let page = try await retry(maxAttempts: 5, backoff: backoff) {
///   try await api.fetchPage()
/// }
/// ```
public enum Backoff {
  /// The same delay every time, of any duration type: a clock's own.
  ///
  /// ```swift
  /// let backoff = Backoff.constant(FrameClock.Duration(frames: 3))
  /// ```
  ///
  /// - Parameter constant: The delay; not negative.
  @inlinable
  public static func constant<Duration: DurationProtocol>(_ constant: Duration)
    -> some BackoffStrategy<Duration> & Sendable
  {
    ConstantBackoffStrategy(constant: constant)
  }

  /// The same delay every time.
  ///
  /// ```swift
  /// let backoff = Backoff.constant(.milliseconds(100))
  /// ```
  ///
  /// - Parameter constant: The delay; not negative.
  @inlinable
  public static func constant(_ constant: Duration) -> some BackoffStrategy<Duration> & Sendable {
    ConstantBackoffStrategy(constant: constant)
  }

  /// Delays growing by `increment`: `initial`, `initial + increment`, … The longest `Duration`
  /// for good once the next would overflow.
  ///
  /// ```swift
  /// let backoff = Backoff.linear(increment: .seconds(1), initial: .seconds(1))
  /// ```
  ///
  /// - Parameters:
  ///   - increment: What each delay adds to the one before; not negative.
  ///   - initial: The first delay; not negative.
  @inlinable
  public static func linear(increment: Duration, initial: Duration)
    -> some BackoffStrategy<Duration> & Sendable
  {
    checkArgument(
      initial >= .zero,
      "Backoff.linear(increment:initial:): `initial` must not be negative (got \(initial))")
    checkArgument(
      increment >= .zero,
      "Backoff.linear(increment:initial:): `increment` must not be negative (got \(increment))")
    return GrowingBackoffStrategy(initial: initial, growth: .adding(increment))
  }

  /// Delays multiplied by `factor`: `initial`, `initial × factor`, … The longest `Duration` for
  /// good once the next would overflow.
  ///
  /// ```swift
  /// let backoff = Backoff.exponential(factor: 2, initial: .milliseconds(100))
  /// ```
  ///
  /// - Parameters:
  ///   - factor: What each delay multiplies the one before by; at least 1.
  ///   - initial: The first delay; not negative.
  @inlinable
  public static func exponential(factor: Int128, initial: Duration)
    -> some BackoffStrategy<Duration> & Sendable
  {
    checkArgument(
      initial >= .zero,
      "Backoff.exponential(factor:initial:): `initial` must not be negative (got \(initial))")
    checkArgument(
      factor >= 1,
      "Backoff.exponential(factor:initial:): `factor` must be at least 1 (got \(factor))")
    return GrowingBackoffStrategy(initial: initial, growth: .multiplying(by: factor))
  }
}

extension BackoffStrategy {
  /// Delays no shorter than `minimum`.
  ///
  /// ```swift
  /// let backoff = Backoff
  ///   .exponential(factor: 2, initial: .zero)
  ///   .minimum(.seconds(1))
  /// ```
  @inlinable
  public func minimum(_ minimum: Duration) -> some BackoffStrategy<Duration> {
    ClampedBackoffStrategy(base: self, bound: .atLeast(minimum))
  }

  /// Delays no longer than `maximum`.
  ///
  /// ```swift
  /// let backoff = Backoff
  ///   .exponential(factor: 2, initial: .seconds(1))
  ///   .maximum(.seconds(30))
  /// ```
  @inlinable
  public func maximum(_ maximum: Duration) -> some BackoffStrategy<Duration> {
    ClampedBackoffStrategy(base: self, bound: .atMost(maximum))
  }
}

extension BackoffStrategy where Duration == Swift.Duration {
  /// Each delay d drawn at random from 0…d.
  ///
  /// ```swift
  /// let backoff = Backoff
  ///   .exponential(factor: 2, initial: .seconds(1))
  ///   .fullJitter()
  /// ```
  @inlinable
  public func fullJitter() -> some BackoffStrategy<Duration> {
    JitterBackoffStrategy(base: self, isEqual: false)
  }

  /// Each delay d drawn at random from d/2…d.
  ///
  /// ```swift
  /// let backoff = Backoff
  ///   .exponential(factor: 2, initial: .seconds(1))
  ///   .equalJitter()
  /// ```
  @inlinable
  public func equalJitter() -> some BackoffStrategy<Duration> {
    JitterBackoffStrategy(base: self, isEqual: true)
  }
}

extension BackoffStrategy where Self: Sendable {
  /// Delays no shorter than `minimum`, keeping the strategy `Sendable`.
  ///
  /// ```swift
  /// let backoff = Backoff
  ///   .exponential(factor: 2, initial: .zero)
  ///   .minimum(.seconds(1))
  /// ```
  @inlinable
  public func minimum(_ minimum: Duration) -> some BackoffStrategy<Duration> & Sendable {
    ClampedBackoffStrategy(base: self, bound: .atLeast(minimum))
  }

  /// Delays no longer than `maximum`, keeping the strategy `Sendable`.
  ///
  /// ```swift
  /// let backoff = Backoff
  ///   .exponential(factor: 2, initial: .seconds(1))
  ///   .maximum(.seconds(30))
  /// ```
  @inlinable
  public func maximum(_ maximum: Duration) -> some BackoffStrategy<Duration> & Sendable {
    ClampedBackoffStrategy(base: self, bound: .atMost(maximum))
  }
}

extension BackoffStrategy where Self: Sendable, Duration == Swift.Duration {
  /// Each delay d drawn at random from 0…d, keeping the strategy `Sendable`.
  ///
  /// ```swift
  /// let backoff = Backoff
  ///   .exponential(factor: 2, initial: .seconds(1))
  ///   .fullJitter()
  /// ```
  @inlinable
  public func fullJitter() -> some BackoffStrategy<Duration> & Sendable {
    JitterBackoffStrategy(base: self, isEqual: false)
  }

  /// Each delay d drawn at random from d/2…d, keeping the strategy `Sendable`.
  ///
  /// ```swift
  /// let backoff = Backoff
  ///   .exponential(factor: 2, initial: .seconds(1))
  ///   .equalJitter()
  /// ```
  @inlinable
  public func equalJitter() -> some BackoffStrategy<Duration> & Sendable {
    JitterBackoffStrategy(base: self, isEqual: true)
  }
}
