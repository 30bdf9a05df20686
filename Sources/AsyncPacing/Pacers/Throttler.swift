/// Runs an async action at most once per interval, with the latest value, for code that is
/// not async: scroll callbacks, sensor readings, progress reports.
///
/// ```swift
/// let track = Throttler(for: .milliseconds(250)) { (offset: Double) in
///   await analytics.record(scrollOffset: offset)
/// }
/// scrollView.onScroll = { offset in track.send(offset) }
/// ```
///
/// The first value of a burst runs at once; later values wait for the window that the
/// running action opened to end, and the latest (or with `latest: false` the first) of them
/// runs then, driven by a timer: with the default options the final value always runs.
/// Windows open when the action really starts, so two starts are never closer than
/// `interval`, even when the action is slower than the interval. The action never runs
/// concurrently with itself.
///
/// `cancel()` drops the waiting value and cancels the running action; the throttler stays
/// usable. Releasing the throttler does the same.
public final class Throttler<Value: Sendable>: CallbackPacer {
  @usableFromInline let controls: PacerControls<Value>

  /// Creates a throttler that measures time on `clock`.
  ///
  /// Pass the clock in from outside, so that a test can hand the type a `TestClock`:
  ///
  /// ```swift
  /// track = Throttler(for: .milliseconds(250), clock: clock) {
  ///   (offset: Double) in
  ///   await analytics.record(scrollOffset: offset)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two starts of the action.
  ///   - clock: The clock that measures time, such as a `TestClock` in tests.
  ///   - latest: `true` (the default) runs the newest value of a window; `false` the first.
  ///   - edges: `[.leading, .trailing]` (the default); `.leading` drops values sent during
  ///     a window; `.trailing` never runs at once, only when a window ends.
  ///   - cancelsRunningAction: When `true`, a value that falls due while the action runs
  ///     cancels it, and runs as soon as the cancelled action returns.
  ///   - action: What to run with each value that falls due.
  @inlinable
  public convenience init<C: Clock>(
    for interval: C.Duration, clock: C, latest: Bool = true,
    edges: PacingEdges = [.leading, .trailing], cancelsRunningAction: Bool = false,
    @_inheritActorContext _ action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.init(
      controls: PacerControls(
        chosenClock: clock, machine: Self.machine(interval: interval, latest: latest, edges: edges),
        tolerance: nil, cancelsRunningAction: cancelsRunningAction, action: action))
  }

  /// The public initializers' one path: the throttler reaches its shell only through
  /// ``PacerControls``, so its type does not depend on the machine or the clock.
  @inlinable
  init(controls: consuming PacerControls<Value>) {
    self.controls = controls
  }

  @inlinable
  static func machine<D>(
    interval: D, latest: Bool, edges: PacingEdges
  ) -> FixedThrottleMachine<ThrottleKeepsElements<Value, Value>, ElapsedInstant<D>> {
    FixedThrottleMachine(
      ThrottleConfiguration(
        interval: interval, edges: edges, windowStart: .whenEmissionStarts, function: "Throttler"),
      fold: ThrottleKeepsElements(latest: latest))
  }

  @inlinable
  static func machine<D>(
    intervalOf interval: @escaping @Sendable (Value) -> D, latest: Bool, edges: PacingEdges
  ) -> ThrottleMachine<
    ThrottleKeepsElements<Value, Value>, ElapsedInstant<D>, IntervalPerValue<Value, D>
  > {
    ThrottleMachine(
      ThrottleConfiguration(
        intervalPerValueEdges: edges, windowStart: .whenEmissionStarts, function: "Throttler"),
      fold: ThrottleKeepsElements(latest: latest),
      intervals: IntervalPerValue(interval, forPacer: true))
  }

  /// Creates a throttler that measures time on the continuous clock.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// measures time on that clock instead, from this initializer on (``PacingDefaults/clock``).
  /// Pass `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// let progress = Throttler(for: .milliseconds(100)) { (fraction: Double) in
  ///   await MainActor.run { progressView.progress = fraction }
  /// }
  /// ```
  @inlinable
  public convenience init(
    for interval: Duration, latest: Bool = true, edges: PacingEdges = [.leading, .trailing],
    cancelsRunningAction: Bool = false,
    @_inheritActorContext _ action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.init(
      controls: PacerControls(
        onDefaultClock: Self.machine(interval: interval, latest: latest, edges: edges),
        tolerance: nil, cancelsRunningAction: cancelsRunningAction, action: action))
  }

  /// Creates a throttler whose windows last the interval of the value that opens each,
  /// measured on `clock`: a log view that holds updates back longer after an error line.
  ///
  /// ```swift
  /// let show = Throttler(
  ///   for: { (line: LogLine) in line.isError ? .seconds(5) : .seconds(1) },
  ///   clock: clock
  /// ) { line in await console.show(line) }
  /// ```
  ///
  /// The window a value's start opens lasts `interval(value)`; with `edges: .trailing` the
  /// first value of a burst opens a window without running, and that window lasts its
  /// interval even if a later value replaces it. `interval` is called once per value that
  /// opens a window (a burst's first value is asked again only if a value emitted after it
  /// waits when it starts), under the throttler's lock: keep it cheap and pure, and do not call
  /// the throttler from it. A negative result counts as zero (the window ends at once, and the
  /// next value runs at once too); one too long to represent never ends. Everything else is
  /// as for the initializer that takes one interval for every value.
  @inlinable
  public convenience init<C: Clock>(
    for interval: @escaping @Sendable (Value) -> C.Duration, clock: C, latest: Bool = true,
    edges: PacingEdges = [.leading, .trailing], cancelsRunningAction: Bool = false,
    @_inheritActorContext _ action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.init(
      controls: PacerControls(
        chosenClock: clock,
        machine: Self.machine(intervalOf: interval, latest: latest, edges: edges),
        tolerance: nil, cancelsRunningAction: cancelsRunningAction, action: action))
  }

  /// Creates a throttler whose windows last the interval of the value that opens each, on
  /// the continuous clock.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// measures time on that clock instead, from this initializer on (``PacingDefaults/clock``).
  /// Pass `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// let show = Throttler(for: { (line: LogLine) in
  ///   line.isError ? .seconds(5) : .seconds(1)
  /// }) {
  ///   line in await console.show(line)
  /// }
  /// ```
  @inlinable
  public convenience init(
    for interval: @escaping @Sendable (Value) -> Duration, latest: Bool = true,
    edges: PacingEdges = [.leading, .trailing], cancelsRunningAction: Bool = false,
    @_inheritActorContext _ action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.init(
      controls: PacerControls(
        onDefaultClock: Self.machine(intervalOf: interval, latest: latest, edges: edges),
        tolerance: nil, cancelsRunningAction: cancelsRunningAction, action: action))
  }

  deinit {
    controls.cancel(true)
  }

  /// Sends a value. With the default options it runs at once if the throttler is idle, and
  /// otherwise becomes the window's value, which runs when the window ends.
  ///
  /// ```swift
  /// track.send(scrollView.contentOffset.y)
  /// ```
  @inlinable
  public func send(_ value: Value) {
    controls.send(value)
  }

  /// Makes the waiting value due now, ignoring the spacing: it runs at once, or when the
  /// running action returns. With nothing waiting, does nothing.
  ///
  /// ```swift
  /// func scrollEnded() { track.flush() }
  /// ```
  public func flush() {
    controls.flush()
  }

  /// Drops the waiting value and cancels the running action; the throttler stays usable and
  /// keeps its window.
  ///
  /// ```swift
  /// func viewWillDisappear() { track.cancel() }
  /// ```
  public func cancel() {
    controls.cancel(false)
  }

  /// Whether a value waits to be run: from the moment one is sent until its action starts or
  /// ``cancel()`` drops it. `false` while only the action runs. Safe to read from any thread.
  ///
  /// ```swift
  /// show(offset)
  /// // true while a value waits for its window
  /// refreshIndicator.isVisible = show.isPending
  /// ```
  public var isPending: Bool {
    controls.isPending()
  }
}
