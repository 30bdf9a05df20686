extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits at most one element per `interval`: the first of a burst at once, and the latest
  /// (or the first) of each following window when that window ends.
  ///
  /// ```swift
  /// for await offset in scrollOffsets.throttle(
  ///   for: .milliseconds(100), clock: clock)
  /// {
  ///   await prefetch(around: offset)
  /// }
  /// ```
  ///
  /// An element that arrives while the throttle is idle is emitted at once and opens a window
  /// `[t, t + interval)`. Elements arriving in the window become its candidate, which the
  /// window's end emits without waiting for another element, opening the next window; a
  /// window that ends with no candidate leaves the throttle idle. Two emissions are never
  /// closer than `interval`.
  ///
  /// When the upstream finishes, a candidate still comes out at its window's end (the rate is
  /// kept), then the sequence finishes; when it throws, the candidate is dropped and the error
  /// reaches the consumer even if it was busy. Cancelling the consuming task ends the
  /// iteration and the upstream's.
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two emissions. `.zero` emits every element.
  ///   - clock: The clock that measures the interval, such as a `TestClock` in tests.
  ///   - latest: `true` (the default) keeps the newest element of a window; `false` keeps the
  ///     first.
  ///   - edges: `[.leading, .trailing]` (the default); `.leading` emits only elements that
  ///     arrive while idle; `.trailing` never emits at once: the first element opens a window
  ///     and the candidate comes out at its end.
  @inlinable
  public func throttle<C: Clock>(
    for interval: C.Duration, clock: C, latest: Bool = true,
    edges: PacingEdges = [.leading, .trailing]
  ) -> AsyncThrottleSequence<Self, C, Element> {
    AsyncThrottleSequence(
      PacedUpstream(self, clock: clock, tolerance: nil, api: "throttle(for:clock:)"),
      configuration: ThrottleConfiguration(interval: interval, edges: edges),
      folding: .keeping(ThrottleKeepsElements(latest: latest)))
  }

  /// Emits at most one element per `interval`, measured on the continuous clock.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// runs on that clock instead, from this call on: its time and its sleeps are the test's
  /// (``PacingDefaults/clock``). Pass `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// for await progress in downloadProgress.throttle(for: .milliseconds(250)) {
  ///   progressBar.value = progress
  /// }
  /// ```
  ///
  /// See ``_Concurrency/AsyncSequence/throttle(for:clock:latest:edges:)->AsyncThrottleSequence<Self,C,Self.Element>`` for the rules and options.
  @inlinable
  public func throttle(
    for interval: Duration, latest: Bool = true, edges: PacingEdges = [.leading, .trailing]
  ) -> AsyncThrottleSequence<Self, ContinuousClock, Element> {
    AsyncThrottleSequence(
      PacedUpstream(onDefaultClock: self, tolerance: nil),
      configuration: ThrottleConfiguration(interval: interval, edges: edges),
      folding: .keeping(ThrottleKeepsElements(latest: latest)))
  }
}

/// An asynchronous sequence that emits at most one value per interval, with a trailing value
/// at the end of each window that had elements.
///
/// Create one with ``_Concurrency/AsyncSequence/throttle(for:clock:latest:edges:)->AsyncThrottleSequence<Self,C,Self.Element>`` or
/// ``_Concurrency/AsyncSequence/throttle(for:clock:edges:reducing:)->AsyncThrottleSequence<Self,C,Reduced>``. Its `Failure` is the
/// upstream's: a non-throwing upstream gives a sequence you iterate with `for await`.
///
/// ```swift
/// let paced:
///   AsyncThrottleSequence<AsyncStream<Double>, ContinuousClock, Double> =
///     scrollOffsets.throttle(for: .milliseconds(100))
/// for await offset in paced { await prefetch(around: offset) }
/// ```
public struct AsyncThrottleSequence<Base: AsyncSequence & Sendable, C: Clock, Reduced: Sendable>:
  AsyncSequence, Sendable
where Base.Element: Sendable {
  /// The emitted value: the upstream's element, or with a `reducing` closure what it returns.
  ///
  /// ```swift
  /// let counts = taps.throttle(for: .seconds(1)) { (count: Int?, _) in
  ///   (count ?? 0) + 1
  /// }
  /// for await count in counts { print("\(count) taps") }  // Element: Int
  /// ```
  public typealias Element = Reduced

  /// The upstream's failure type: a throttle adds no error of its own, so a `Never` upstream
  /// needs no `try`.
  ///
  /// ```swift
  /// // Failure: any Error
  /// let (readings, _) = AsyncThrowingStream.makeStream(of: Double.self)
  /// for try await reading in readings.throttle(for: .seconds(1)) {
  ///   print(reading)
  /// }
  /// ```
  public typealias Failure = Base.Failure

  /// How window elements become the emitted value.
  @usableFromInline
  enum Folding: Sendable {
    /// Keeping the latest or the first element: folded under the lock as elements arrive.
    case keeping(ThrottleKeepsElements<Base.Element, Reduced>)
    /// A user's reducer, awaited by the reader for each element.
    case asynchronous(Reducer)
  }

  /// A reducer runs where it is called, on the reader task, so a call costs no executor
  /// switch (a plain `async` closure would switch to the global executor on every element).
  @usableFromInline
  typealias Reducer = SequenceShell<Base, ReducingMachine, C>.Reducer

  @usableFromInline let upstream: PacedUpstream<Base, C>
  @usableFromInline let configuration: ThrottleConfiguration<C.Duration>
  @usableFromInline let folding: Folding

  @inlinable
  init(
    _ upstream: PacedUpstream<Base, C>, configuration: ThrottleConfiguration<C.Duration>,
    folding: Folding
  ) {
    self.upstream = upstream
    self.configuration = configuration
    self.folding = folding
  }

  /// Creates an iterator; it starts reading the upstream at its first `next()`, not here.
  ///
  /// ```swift
  /// var paced = scrollOffsets.throttle(for: .milliseconds(100))
  ///   .makeAsyncIterator()
  /// let firstOffset = await paced.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    switch folding {
    case .keeping(let fold):
      upstream.iterator(running: KeepingMachine(configuration, fold: fold))
    case .asynchronous(let reducer):
      upstream.iterator(
        running: ReducingMachine(configuration, fold: ThrottleAwaitsReducer()), reducer: reducer)
    }
  }

  /// The machine of an iteration that keeps the latest or the first element, under the lock.
  @usableFromInline typealias KeepingMachine = FixedThrottleMachine<
    ThrottleKeepsElements<Base.Element, Reduced>, ElapsedInstant<C.Duration>
  >
  /// The machine of an iteration whose reader awaits the user's reducer.
  @usableFromInline typealias ReducingMachine = FixedThrottleMachine<
    ThrottleAwaitsReducer<Base.Element, Reduced>, ElapsedInstant<C.Duration>
  >

  /// The iterator of an ``AsyncThrottleSequence``, shared by every pacing sequence. Dropping it
  /// cancels the iteration.
  ///
  /// ```swift
  /// var paced = scrollOffsets.throttle(for: .milliseconds(100))
  ///   .makeAsyncIterator()
  /// while let offset = await paced.next() { await prefetch(around: offset) }
  /// ```
  public typealias Iterator = AsyncPacingIterator<Element, Failure>
}
