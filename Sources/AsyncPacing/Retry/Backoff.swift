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
    LinearBackoffStrategy(increment: increment, initial: initial)
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
    ExponentialBackoffStrategy(factor: factor, initial: initial)
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
    MinimumBackoffStrategy(base: self, minimum: minimum)
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
    MaximumBackoffStrategy(base: self, maximum: maximum)
  }

  /// Each delay d drawn at random from 0…d.
  ///
  /// ```swift
  /// let backoff = Backoff
  ///   .exponential(factor: 2, initial: .seconds(1))
  ///   .fullJitter()
  /// ```
  @inlinable
  public func fullJitter() -> some BackoffStrategy<Duration> where Duration == Swift.Duration {
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
  public func equalJitter() -> some BackoffStrategy<Duration> where Duration == Swift.Duration {
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
    MinimumBackoffStrategy(base: self, minimum: minimum)
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
    MaximumBackoffStrategy(base: self, maximum: maximum)
  }

  /// Each delay d drawn at random from 0…d, keeping the strategy `Sendable`.
  ///
  /// ```swift
  /// let backoff = Backoff
  ///   .exponential(factor: 2, initial: .seconds(1))
  ///   .fullJitter()
  /// ```
  @inlinable
  public func fullJitter() -> some BackoffStrategy<Duration> & Sendable
  where Duration == Swift.Duration {
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
  public func equalJitter() -> some BackoffStrategy<Duration> & Sendable
  where Duration == Swift.Duration {
    JitterBackoffStrategy(base: self, isEqual: true)
  }
}
