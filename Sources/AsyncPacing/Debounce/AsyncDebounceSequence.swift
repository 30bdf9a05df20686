extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits an element only once the upstream has been quiet for `interval`.
  ///
  /// ```swift
  /// for await query in queries.debounce(for: .milliseconds(300), clock: clock) {
  ///   await search(query)
  /// }
  /// ```
  ///
  /// With the default trailing edge, each element waits for a quiet period of `interval` and
  /// is replaced by any newer element; the last element before a pause comes out when the
  /// pause reaches `interval`. `edges: .leading` emits the first element of each burst at once
  /// instead, and `[.leading, .trailing]` both. `maxWait` bounds how long an element can wait
  /// while elements keep arriving.
  ///
  /// The upstream is read continuously from the first `next()` on. When it finishes, a
  /// pending element is emitted at once; when it throws, the error reaches the consumer even
  /// if it was busy. Cancelling the consuming task ends the iteration and the upstream's.
  ///
  /// - Parameters:
  ///   - interval: How long the upstream must be quiet. A gap of exactly `interval` is quiet
  ///     enough. `.zero` emits every element at its arrival.
  ///   - tolerance: Passed to the clock's `sleep`; it never changes what is emitted.
  ///   - edges: `.trailing` (the default), `.leading`, or both.
  ///   - maxWait: The longest an element may wait while elements keep arriving; at least
  ///     `interval`, and only with the trailing edge.
  ///   - clock: The clock that measures the interval, such as a `TestClock` in tests.
  @inlinable
  public func debounce<C: Clock>(
    for interval: C.Duration, tolerance: C.Duration? = nil,
    edges: PacingEdges = .trailing, maxWait: C.Duration? = nil,
    clock: C
  ) -> AsyncDebounceSequence<Self, C> {
    AsyncDebounceSequence(
      PacedUpstream(self, clock: clock, tolerance: tolerance, api: "debounce(for:clock:)"),
      configuration: DebounceConfiguration(interval: interval, edges: edges, maxWait: maxWait))
  }

  /// Emits an element only once the upstream has been quiet for `interval`, measured on the
  /// continuous clock.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// runs on that clock instead, from this call on: its time and its sleeps are the test's
  /// (``PacingDefaults/clock``). Pass `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// for await query in searchField.queries.debounce(for: .milliseconds(300)) {
  ///   await search(query)
  /// }
  /// ```
  ///
  /// See ``_Concurrency/AsyncSequence/debounce(for:tolerance:edges:maxWait:clock:)->AsyncDebounceSequence<Self,C>`` for the options.
  @inlinable
  public func debounce(
    for interval: Duration, tolerance: Duration? = nil,
    edges: PacingEdges = .trailing, maxWait: Duration? = nil
  ) -> AsyncDebounceSequence<Self, ContinuousClock> {
    AsyncDebounceSequence(
      PacedUpstream(onDefaultClock: self, tolerance: tolerance),
      configuration: DebounceConfiguration(interval: interval, edges: edges, maxWait: maxWait))
  }
}

/// An asynchronous sequence that emits an upstream element once the upstream has been quiet
/// for an interval.
///
/// Create one with ``_Concurrency/AsyncSequence/debounce(for:tolerance:edges:maxWait:clock:)->AsyncDebounceSequence<Self,C>``.
/// Its `Failure` is the upstream's: a non-throwing upstream gives a sequence you iterate with
/// `for await`, no `try`.
///
/// ```swift
/// let settled: AsyncDebounceSequence<AsyncStream<String>, ContinuousClock> =
///   queries.debounce(for: .milliseconds(300))
/// for await query in settled { await search(query) }
/// ```
public struct AsyncDebounceSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence,
  Sendable
where Base.Element: Sendable {
  /// The upstream's element type: a debounce emits upstream elements unchanged.
  ///
  /// ```swift
  /// // query: String
  /// for await query in queries.debounce(for: .milliseconds(300)) {
  ///   print(query)
  /// }
  /// ```
  public typealias Element = Base.Element

  /// The upstream's failure type: a debounce adds no error of its own, so a `Never` upstream
  /// needs no `try`.
  ///
  /// ```swift
  /// // Failure: any Error
  /// let (updates, _) = AsyncThrowingStream.makeStream(of: Int.self)
  /// for try await value in updates.debounce(for: .seconds(1)) { print(value) }
  /// ```
  public typealias Failure = Base.Failure

  @usableFromInline let upstream: PacedUpstream<Base, C>
  @usableFromInline let configuration: DebounceConfiguration<C.Duration>

  @inlinable
  init(_ upstream: PacedUpstream<Base, C>, configuration: DebounceConfiguration<C.Duration>) {
    self.upstream = upstream
    self.configuration = configuration
  }

  /// Creates an iterator; it starts reading the upstream at its first `next()`, not here.
  ///
  /// ```swift
  /// var settled = queries.debounce(for: .milliseconds(300)).makeAsyncIterator()
  /// let firstQuery = await settled.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    upstream.iterator(running: FixedDebounceMachine(configuration))
  }

  /// The iterator of an ``AsyncDebounceSequence``, shared by every pacing sequence. Dropping
  /// it cancels the iteration.
  ///
  /// ```swift
  /// var settled = queries.debounce(for: .milliseconds(300)).makeAsyncIterator()
  /// while let query = await settled.next() { await search(query) }
  /// ```
  public typealias Iterator = AsyncPacingIterator<Element, Failure>
}
