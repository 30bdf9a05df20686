extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits an element only once the upstream has been quiet for the interval that element
  /// sets: a search that runs at once for an empty query but waits for a pause otherwise.
  ///
  /// ```swift
  /// let searches = queries.debounce(
  ///   for: { query in query.isEmpty ? .zero : .milliseconds(300) }, clock: clock
  /// )
  /// for await query in searches { await search(query) }
  /// ```
  ///
  /// Each element's quiet period is `[arrival, arrival + interval(element))`; an element is a
  /// leading edge when it is the first or arrives at or after the end of the previous element's
  /// quiet period. `maxWait` bounds the wait as for the fixed form; it is not compared with the
  /// intervals, which are not known in advance: an element is emitted at whichever comes first.
  /// Everything else (the finish, errors, a busy consumer) is as for
  /// ``_Concurrency/AsyncSequence/debounce(for:tolerance:edges:maxWait:clock:)->AsyncDebounceSequence<Self,C>``.
  ///
  /// - Parameters:
  ///   - interval: The quiet period an element needs, called once per element, as it
  ///     arrives, under the iteration's lock: keep it cheap and pure. A negative result counts
  ///     as zero; one too long to represent never ends.
  ///   - tolerance: Passed to the clock's `sleep`; it never changes what is emitted.
  ///   - edges: `.trailing` (the default), `.leading`, or both.
  ///   - maxWait: The longest an element may wait while elements keep arriving; only with the
  ///     trailing edge.
  ///   - clock: The clock that measures the intervals, such as a `TestClock` in tests.
  @inlinable
  public func debounce<C: Clock>(
    for interval: @escaping @Sendable (Element) -> C.Duration, tolerance: C.Duration? = nil,
    edges: PacingEdges = .trailing, maxWait: C.Duration? = nil, clock: C
  ) -> some Sendable & AsyncSequence<Element, Failure> {
    pacedDebounce(
      PacedUpstream(self, clock: clock, tolerance: tolerance, api: "debounce(for:clock:)"),
      for: interval, edges: edges, maxWait: maxWait)
  }

  @inlinable
  func pacedDebounce<C: Clock>(
    _ upstream: PacedUpstream<Self, C>, for interval: @escaping @Sendable (Element) -> C.Duration,
    edges: PacingEdges, maxWait: C.Duration?
  ) -> PacedSequence<
    Self, C,
    DebounceMachine<Element, ElapsedInstant<C.Duration>, IntervalPerValue<Element, C.Duration>>
  > {
    PacedSequence(
      upstream,
      machine: DebounceMachine(
        DebounceConfiguration(
          intervalPerElementEdges: edges, maxWait: maxWait, function: "debounce"),
        intervals: IntervalPerValue(interval)))
  }

  /// Emits an element only once the upstream has been quiet, on the continuous clock, for the
  /// interval that element sets.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// runs on that clock instead, from this call on: its time and its sleeps are the test's
  /// (``PacingDefaults/clock``). Pass `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// for await query in queries.debounce(for: {
  ///   $0.isEmpty ? .zero : .milliseconds(300)
  /// }) {
  ///   await search(query)
  /// }
  /// ```
  ///
  /// A trailing closure is this form too: `queries.debounce { $0.isEmpty ? .zero : .seconds(1) }`
  /// reads as Kotlin's `debounce { }` (bind it before a `for await` loop: Swift warns about a
  /// trailing closure in the loop's header). The rules are those of the form that takes a
  /// clock; to pass one, write the closure as `for:`.
  @inlinable
  public func debounce(
    for interval: @escaping @Sendable (Element) -> Duration, tolerance: Duration? = nil,
    edges: PacingEdges = .trailing, maxWait: Duration? = nil
  ) -> some Sendable & AsyncSequence<Element, Failure> {
    pacedDebounce(
      PacedUpstream(onDefaultClock: self, tolerance: tolerance), for: interval, edges: edges,
      maxWait: maxWait)
  }

  /// Debounces by each element's interval on a clock stored as `any Clock<Duration>`.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ContinuousClock()
  /// let searches = queries.debounce(
  ///   for: { _ in .milliseconds(300) }, clock: clock)
  /// ```
  @_disfavoredOverload
  @inlinable
  public func debounce(
    for interval: @escaping @Sendable (Element) -> Duration, tolerance: Duration? = nil,
    edges: PacingEdges = .trailing, maxWait: Duration? = nil, clock: any Clock<Duration>
  ) -> some Sendable & AsyncSequence<Element, Failure> {
    debounce(
      for: interval, tolerance: tolerance, edges: edges, maxWait: maxWait,
      clock: AnyClock.erasing(clock))
  }
}
