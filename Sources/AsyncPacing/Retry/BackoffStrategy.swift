/// An immutable description of the delays between a retry's attempts; its iterator gives them.
///
/// Spelled as swift-async-algorithms' retry proposal spells it, so that code moves between the
/// two unchanged.
///
/// ```swift
/// let strategy = Backoff.exponential(factor: 2, initial: .milliseconds(100))
/// var delays = strategy.makeIterator()
/// delays.nextDuration()   // 100 ms
/// delays.nextDuration()   // 200 ms
/// ```
public protocol BackoffStrategy<Duration> {
  /// The iterator that gives the delays, one per failed attempt.
  associatedtype Iterator: BackoffIterator
  /// The delays' duration type.
  associatedtype Duration: DurationProtocol where Duration == Iterator.Duration

  /// A fresh iterator, starting from the first delay: one per `retry` call.
  ///
  /// ```swift
  /// var delays = Backoff.constant(.seconds(1)).makeIterator()
  /// ```
  func makeIterator() -> Iterator
}

/// The delays of a ``BackoffStrategy``, one per call, in order.
///
/// ```swift
/// var delays = Backoff
///   .linear(increment: .seconds(1), initial: .seconds(1))
///   .makeIterator()
/// delays.nextDuration()   // 1 s
/// delays.nextDuration()   // 2 s
/// ```
public protocol BackoffIterator {
  /// The delays' duration type.
  associatedtype Duration: DurationProtocol

  /// The next delay.
  ///
  /// ```swift
  /// let delay = delays.nextDuration()
  /// ```
  mutating func nextDuration() -> Duration

  /// The next delay, drawing any randomness from `generator`.
  ///
  /// ```swift
  /// var generator = SystemRandomNumberGenerator()
  /// let delay = delays.nextDuration(using: &generator)
  /// ```
  mutating func nextDuration(using generator: inout some RandomNumberGenerator) -> Duration
}

extension BackoffIterator {
  /// The next delay; an iterator that draws nothing at random ignores `generator`.
  ///
  /// ```swift
  /// var generator = SystemRandomNumberGenerator()
  /// let delay = delays.nextDuration(using: &generator)
  /// ```
  @inlinable
  public mutating func nextDuration(using generator: inout some RandomNumberGenerator)
    -> Duration
  {
    nextDuration()
  }
}
