extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits, at every tick of `interval`, the latest element that arrived since the previous
  /// tick, if any.
  ///
  /// ```swift
  /// for await reading in readings.sample(
  ///   every: .milliseconds(100), clock: clock)
  /// {
  ///   display(reading)
  /// }
  /// ```
  ///
  /// Ticks fall at `interval`, `2 × interval`, … after the first `next()`, and keep that phase
  /// through idle stretches. A tick with no new element emits nothing: an older value is never
  /// repeated. An element arriving exactly at a tick belongs to the next period. When the
  /// upstream finishes, a pending element is emitted at once, then the finish: the last value
  /// is never lost (Kotlin's and RxJS's `sample` drop it). When it throws, the pending element
  /// is dropped and the error is thrown. A busy consumer gets the latest sample.
  ///
  /// - Parameters:
  ///   - interval: The time between ticks; greater than zero.
  ///   - tolerance: Passed to the clock's `sleep`; it never changes what is emitted.
  ///   - clock: The clock the ticks fall on, such as a `TestClock` in tests.
  @inlinable
  public func sample<C: Clock>(
    every interval: C.Duration, tolerance: C.Duration? = nil, clock: C
  ) -> AsyncSampleSequence<Self, C> {
    AsyncSampleSequence(
      PacedUpstream(self, clock: clock, tolerance: tolerance, api: "sample(every:clock:)"),
      interval: interval)
  }

  /// Emits, at every tick of `interval` on the continuous clock, the latest element that
  /// arrived since the previous tick, if any.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// runs on that clock instead, from this call on: its time and its sleeps are the test's
  /// (``PacingDefaults/clock``). Pass `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// for await reading in accelerometer.readings.sample(
  ///   every: .milliseconds(100))
  /// {
  ///   display(reading)
  /// }
  /// ```
  ///
  /// See ``_Concurrency/AsyncSequence/sample(every:tolerance:clock:)->AsyncSampleSequence<Self,C>``.
  @inlinable
  public func sample(
    every interval: Duration, tolerance: Duration? = nil
  ) -> AsyncSampleSequence<Self, ContinuousClock> {
    AsyncSampleSequence(
      PacedUpstream(onDefaultClock: self, tolerance: tolerance), interval: interval)
  }

  /// Samples on a clock stored as `any Clock<Duration>`, as
  /// ``_Concurrency/AsyncSequence/sample(every:tolerance:clock:)->AsyncSampleSequence<Self,C>``
  /// does on a concrete clock.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ContinuousClock()
  /// for await reading in readings.sample(
  ///   every: .milliseconds(100), clock: clock)
  /// {
  ///   display(reading)
  /// }
  /// ```
  @_disfavoredOverload
  @inlinable
  public func sample(
    every interval: Duration, tolerance: Duration? = nil, clock: any Clock<Duration>
  ) -> AsyncSampleSequence<Self, AnyClock<Duration>> {
    sample(every: interval, tolerance: tolerance, clock: AnyClock.erasing(clock))
  }
}

/// An asynchronous sequence that emits, at every tick of an interval, the latest upstream
/// element of the period the tick ends.
///
/// Create one with ``_Concurrency/AsyncSequence/sample(every:tolerance:clock:)->AsyncSampleSequence<Self,C>``.
/// Its `Failure` is the upstream's: a non-throwing upstream gives a sequence you iterate with
/// `for await`, no `try`.
///
/// ```swift
/// let sampled: AsyncSampleSequence<AsyncStream<Double>, ContinuousClock> =
///   readings.sample(every: .milliseconds(100))
/// for await reading in sampled { display(reading) }
/// ```
public struct AsyncSampleSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence,
  Sendable
where Base.Element: Sendable {
  /// The upstream's element type: a sample emits upstream elements unchanged.
  ///
  /// ```swift
  /// for await reading in readings.sample(every: .milliseconds(100)) {
  ///   print(reading)
  /// }
  /// ```
  public typealias Element = Base.Element

  /// The upstream's failure type: sampling adds no error of its own.
  ///
  /// ```swift
  /// // Failure: any Error
  /// let (updates, _) = AsyncThrowingStream.makeStream(of: Int.self)
  /// for try await value in updates.sample(every: .seconds(1)) { print(value) }
  /// ```
  public typealias Failure = Base.Failure

  @usableFromInline let upstream: PacedUpstream<Base, C>
  @usableFromInline let interval: C.Duration

  @inlinable
  init(_ upstream: PacedUpstream<Base, C>, interval: C.Duration) {
    checkArgument(
      interval > .zero, "sample(every:): `interval` must be greater than zero (got \(interval))")
    self.upstream = upstream
    self.interval = interval
  }

  /// Creates an iterator; the ticks count from its first `next()`.
  ///
  /// ```swift
  /// var sampled = readings.sample(every: .milliseconds(100)).makeAsyncIterator()
  /// let first = await sampled.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    let machine = SampleMachine<Base.Element, ElapsedInstant<C.Duration>>(
      interval: interval, origin: ElapsedInstant(.zero))
    return upstream.iterator(running: machine)
  }

  /// The iterator of an ``AsyncSampleSequence``, shared by every pacing sequence. Dropping it
  /// cancels the iteration.
  ///
  /// ```swift
  /// var sampled = readings.sample(every: .milliseconds(100)).makeAsyncIterator()
  /// while let reading = await sampled.next() { display(reading) }
  /// ```
  public typealias Iterator = AsyncPacingIterator<Element, Failure>
}
