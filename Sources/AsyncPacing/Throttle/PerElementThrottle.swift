extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits at most one element per window, each window as long as the interval of the element
  /// that opens it: a log view that holds updates back longer after an error line.
  ///
  /// ```swift
  /// let shown = logLines.throttle(
  ///   for: { line in line.isError ? .seconds(5) : .milliseconds(200) },
  ///   clock: clock)
  /// for await line in shown { await console.show(line) }
  /// ```
  ///
  /// An emitted element `e` opens a window that lasts `interval(e)`; with `latest: false` the
  /// window's end emits the first element of the window, whose interval sets the next window.
  /// With `edges: .trailing`, the first element of a burst opens a window without being
  /// emitted, and that window lasts its interval even if a later element replaces it as the
  /// candidate. A zero-length window ends at once: the next element, even at the same instant,
  /// starts a new burst. Everything else (the finish, errors, a busy consumer) is as for
  /// ``_Concurrency/AsyncSequence/throttle(for:clock:latest:edges:)->AsyncThrottleSequence<Self,C,Self.Element>``.
  ///
  /// - Parameters:
  ///   - interval: The length of the window an element opens, called once per element that
  ///     opens one (never for one that is dropped, replaced, or emitted as the sequence ends),
  ///     under the iteration's lock: keep it cheap and pure. A negative result counts as zero;
  ///     one too long to represent never ends.
  ///   - clock: The clock that measures the windows, such as a `TestClock` in tests.
  ///   - latest: `true` (the default) keeps the newest element of a window; `false` the first.
  ///   - edges: `[.leading, .trailing]` (the default), `.leading`, or `.trailing`.
  @inlinable
  public func throttle<C: Clock>(
    for interval: @escaping @Sendable (Element) -> C.Duration, clock: C, latest: Bool = true,
    edges: PacingEdges = [.leading, .trailing]
  ) -> some Sendable & AsyncSequence<Element, Failure> {
    pacedThrottle(
      PacedUpstream(self, clock: clock, tolerance: nil, api: "throttle(for:clock:)"),
      for: interval, latest: latest, edges: edges)
  }

  @inlinable
  func pacedThrottle<C: Clock>(
    _ upstream: PacedUpstream<Self, C>, for interval: @escaping @Sendable (Element) -> C.Duration,
    latest: Bool, edges: PacingEdges
  ) -> PacedSequence<
    Self, C,
    ThrottleMachine<
      ThrottleKeepsElements<Element, Element>, ElapsedInstant<C.Duration>,
      IntervalPerValue<Element, C.Duration>
    >
  > {
    PacedSequence(
      upstream,
      machine: ThrottleMachine(
        ThrottleConfiguration(intervalPerValueEdges: edges, function: "throttle"),
        fold: ThrottleKeepsElements(latest: latest), intervals: IntervalPerValue(interval)))
  }

  /// Emits at most one element per window on the continuous clock, each window as long as the
  /// interval of the element that opens it.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// runs on that clock instead, from this call on: its time and its sleeps are the test's
  /// (``PacingDefaults/clock``). Pass `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// for await line in logLines.throttle(for: {
  ///   $0.isError ? .seconds(5) : .seconds(1)
  /// }) {
  ///   await console.show(line)
  /// }
  /// ```
  ///
  /// A trailing closure is this form too: `logLines.throttle { _ in .seconds(1) }` (bind it
  /// before a `for await` loop: Swift warns about a trailing closure in the loop's header). The
  /// rules are those of the form that takes a clock; to pass one, write the closure as `for:`.
  @inlinable
  public func throttle(
    for interval: @escaping @Sendable (Element) -> Duration, latest: Bool = true,
    edges: PacingEdges = [.leading, .trailing]
  ) -> some Sendable & AsyncSequence<Element, Failure> {
    pacedThrottle(
      PacedUpstream(onDefaultClock: self, tolerance: nil), for: interval, latest: latest,
      edges: edges)
  }

  /// Throttles by each window opener's interval on a clock stored as `any Clock<Duration>`.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = ContinuousClock()
  /// let shown = logLines.throttle(for: { _ in .seconds(1) }, clock: clock)
  /// ```
  @_disfavoredOverload
  @inlinable
  public func throttle(
    for interval: @escaping @Sendable (Element) -> Duration, clock: any Clock<Duration>,
    latest: Bool = true, edges: PacingEdges = [.leading, .trailing]
  ) -> some Sendable & AsyncSequence<Element, Failure> {
    throttle(for: interval, clock: AnyClock.erasing(clock), latest: latest, edges: edges)
  }
}
