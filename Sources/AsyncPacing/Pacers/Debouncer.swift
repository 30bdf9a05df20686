/// Runs an async action once values stop arriving for an interval: debounce for code that is
/// not async, such as delegate methods, text-field callbacks and button handlers.
///
/// ```swift
/// @MainActor final class SearchModel {
///   private(set) var results: [String] = []
///   private var search: Debouncer<String>?
///
///   init() {
///     // Written in a main-actor method, the closure runs on the main actor,
///     // like Task {}.
///     search = Debouncer(for: .milliseconds(300)) { [weak self] query in
///       let found = await Catalog.search(query)
///       self?.results = found
///     }
///   }
///
///   func queryChanged(_ query: String) { search?.send(query) }
///   func returnPressed() { search?.flush() }
///   func escapePressed() { search?.cancel() }
/// }
/// ```
///
/// `send(_:)` is synchronous and cheap, callable from any thread or actor. The action runs in
/// the isolation it was written in, never concurrently with itself: a value that falls due
/// while it runs waits, and a value due later replaces the waiting one. The timing rules are
/// those of ``_Concurrency/AsyncSequence/debounce(for:tolerance:edges:maxWait:clock:)->AsyncDebounceSequence<Self,C>``.
///
/// `cancel()` drops the pending value and cancels the running action; it never runs the
/// pending value, and the debouncer stays usable. Releasing the debouncer does the same, so a
/// closed screen never gets a late callback.
public final class Debouncer<Value: Sendable>: CallbackPacer {
  @usableFromInline let controls: PacerControls<Value>

  /// Creates a debouncer that measures time on `clock`.
  ///
  /// Pass the clock in from outside, so that a test can hand the type a `TestClock`:
  ///
  /// ```swift
  /// search = Debouncer(for: .milliseconds(300), clock: clock) {
  ///   [weak self] query in
  ///   self?.results = await catalog.search(query)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the values must stop for the action to run.
  ///   - tolerance: Passed to the clock's `sleep`; it never changes what runs.
  ///   - edges: `.trailing` (the default) runs the last value of a burst once it settles;
  ///     `.leading` runs the first at once; both do both.
  ///   - maxWait: The longest a value may wait while values keep coming (trailing edge only).
  ///   - clock: The clock that measures time, such as a `TestClock` in tests.
  ///   - cancelsRunningAction: When `true`, a value that falls due while the action runs
  ///     cancels it, and runs as soon as the cancelled action returns: a stale search stops
  ///     once a newer query settles.
  ///   - action: What to run with each value that falls due.
  @inlinable
  public convenience init<C: Clock>(
    for interval: C.Duration, tolerance: C.Duration? = nil, edges: PacingEdges = .trailing,
    maxWait: C.Duration? = nil, clock: C, cancelsRunningAction: Bool = false,
    @_inheritActorContext _ action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.init(
      controls: PacerControls(
        chosenClock: clock,
        machine: Self.machine(interval: interval, edges: edges, maxWait: maxWait),
        tolerance: tolerance, cancelsRunningAction: cancelsRunningAction, action: action))
  }

  /// The public initializers' one path: the debouncer reaches its shell only through
  /// ``PacerControls``, so its type does not depend on the machine or the clock.
  @inlinable
  init(controls: consuming PacerControls<Value>) {
    self.controls = controls
  }

  @inlinable
  static func machine<D>(
    interval: D, edges: PacingEdges, maxWait: D?
  ) -> FixedDebounceMachine<Value, ElapsedInstant<D>> {
    FixedDebounceMachine(
      DebounceConfiguration(
        interval: interval, edges: edges, maxWait: maxWait, function: "Debouncer"))
  }

  @inlinable
  static func machine<D>(
    intervalOf interval: @escaping @Sendable (Value) -> D, edges: PacingEdges, maxWait: D?
  ) -> DebounceMachine<Value, ElapsedInstant<D>, IntervalPerValue<Value, D>> {
    DebounceMachine(
      DebounceConfiguration(
        intervalPerElementEdges: edges, maxWait: maxWait, function: "Debouncer"),
      intervals: IntervalPerValue(interval, forPacer: true))
  }

  /// Creates a debouncer that measures time on the continuous clock.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// measures time on that clock instead, from this initializer on (``PacingDefaults/clock``).
  /// Pass `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// let save = Debouncer(for: .seconds(1)) { (draft: String) in
  ///   await store.save(draft)
  /// }
  /// save.send(textView.text)
  /// ```
  @inlinable
  public convenience init(
    for interval: Duration, tolerance: Duration? = nil, edges: PacingEdges = .trailing,
    maxWait: Duration? = nil, cancelsRunningAction: Bool = false,
    @_inheritActorContext _ action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.init(
      controls: PacerControls(
        onDefaultClock: Self.machine(interval: interval, edges: edges, maxWait: maxWait),
        tolerance: tolerance, cancelsRunningAction: cancelsRunningAction, action: action))
  }

  /// Creates a debouncer whose quiet period is each value's own, measured on `clock`: a search
  /// that runs at once for an empty query but waits for a pause otherwise.
  ///
  /// ```swift
  /// let search = Debouncer(
  ///   for: { (q: String) in q.isEmpty ? .zero : .milliseconds(300) },
  ///   clock: clock
  /// ) { q in await model.search(q) }
  /// ```
  ///
  /// `interval` is called once per value, as it is sent, under the debouncer's lock: keep it
  /// cheap and pure, and do not call the debouncer from it. A negative result counts as zero,
  /// one too long to represent never ends. `maxWait` is not compared with the intervals. Everything
  /// else is as for the initializer that takes one interval for every value.
  @inlinable
  public convenience init<C: Clock>(
    for interval: @escaping @Sendable (Value) -> C.Duration, tolerance: C.Duration? = nil,
    edges: PacingEdges = .trailing, maxWait: C.Duration? = nil, clock: C,
    cancelsRunningAction: Bool = false,
    @_inheritActorContext _ action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.init(
      controls: PacerControls(
        chosenClock: clock,
        machine: Self.machine(intervalOf: interval, edges: edges, maxWait: maxWait),
        tolerance: tolerance, cancelsRunningAction: cancelsRunningAction, action: action))
  }

  /// Creates a debouncer whose quiet period is each value's own, on the continuous clock.
  ///
  /// Inside a test clock's scope (`withTestClock`, the testing library's `.testClock` trait) it
  /// measures time on that clock instead, from this initializer on (``PacingDefaults/clock``).
  /// Pass `clock: ContinuousClock()` to keep real time there.
  ///
  /// ```swift
  /// let search = Debouncer(for: { (q: String) in
  ///   q.isEmpty ? .zero : .milliseconds(300)
  /// }) {
  ///   q in await model.search(q)
  /// }
  /// ```
  @inlinable
  public convenience init(
    for interval: @escaping @Sendable (Value) -> Duration, tolerance: Duration? = nil,
    edges: PacingEdges = .trailing, maxWait: Duration? = nil, cancelsRunningAction: Bool = false,
    @_inheritActorContext _ action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.init(
      controls: PacerControls(
        onDefaultClock: Self.machine(intervalOf: interval, edges: edges, maxWait: maxWait),
        tolerance: tolerance, cancelsRunningAction: cancelsRunningAction, action: action))
  }

  deinit {
    controls.cancel(true)
  }

  /// Sends a value: the action runs with it, or with a later value, when the timing says so.
  ///
  /// ```swift
  /// search.send("Swift")
  /// ```
  @inlinable
  public func send(_ value: Value) {
    controls.send(value)
  }

  /// Makes the pending value due now: it runs at once, or when the running action returns.
  /// With nothing pending, does nothing.
  ///
  /// ```swift
  /// func returnPressed() { search.flush() }
  /// ```
  public func flush() {
    controls.flush()
  }

  /// Drops the pending and waiting values and cancels the running action. The pending value
  /// never runs; the debouncer stays usable and keeps its quiet period.
  ///
  /// ```swift
  /// func escapePressed() { search.cancel() }
  /// ```
  public func cancel() {
    controls.cancel(false)
  }

  /// Whether a value waits to be run: from the moment one is sent until its action starts or
  /// ``cancel()`` drops it. `false` while only the action runs. Safe to read from any thread.
  ///
  /// ```swift
  /// search("Swift")
  /// // true: "Swift" waits for the pause
  /// searchButton.showsProgress = search.isPending
  /// ```
  public var isPending: Bool {
    controls.isPending()
  }
}
