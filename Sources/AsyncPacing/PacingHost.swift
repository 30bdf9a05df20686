import Synchronization

/// A clock that hosts the work AsyncPacing times on it: the one seam through which a clock that
/// keeps time of its own, such as a test clock, reaches the operators, pacers and timeouts.
///
/// A clock that only reads the time and sleeps needs none of it: `ContinuousClock` and
/// `SuspendingClock` do not adopt it. A virtual clock adopts it so that the work it times runs
/// where it can see that work: every internal task of an operator, pacer or timeout made on the
/// clock prefers ``preferredTaskExecutor``, and is counted while it lives. AsyncPacing reads the
/// seam once, when an operator's iteration, a pacer's shell (at its first `send`) or a timeout
/// is made, never per element or per sleep. Every requirement has a default, so a clock adopts only what it needs:
///
/// ```swift
/// extension SteppedClock: PacingHost {
///   // A test executor of yours, which knows when nothing is left:
///   var preferredTaskExecutor: (any TaskExecutor)? { executor }
///   // A virtual sleep takes any deadline in one step:
///   var sleepsUntilAnyDeadline: Bool { true }
/// }
/// ```
///
/// The operators, pacers and timeouts made without `clock:` measure time on the continuous
/// clock, unless a host is bound as ``PacingDefaults/clock`` around the call: they then run on
/// that clock from the call on.
public protocol PacingHost: Sendable {
  /// The executor the internal tasks of work timed by this clock prefer (a sequence operator's
  /// reader and timer, a pacer's timer and action runner, an operation timeout's timer); `nil`,
  /// the default, for the global executor.
  ///
  /// ```swift
  /// var preferredTaskExecutor: (any TaskExecutor)? { executor }
  /// ```
  var preferredTaskExecutor: (any TaskExecutor)? { get }

  /// Whether `sleep(until:tolerance:)` takes any deadline at all, however far: `false`, the
  /// default, has a clock with the standard `Duration` slept toward a far deadline a century at
  /// a time, as `ContinuousClock` needs; a virtual clock says `true`, so that advancing its time
  /// is one step.
  ///
  /// ```swift
  /// var sleepsUntilAnyDeadline: Bool { true }
  /// ```
  var sleepsUntilAnyDeadline: Bool { get }

  /// Calls `fire` once this clock's time reaches `deadline`, an instant of this clock, with no
  /// task waiting for it: the timer of an operator or pacer timed by this clock is then a
  /// sleeper of the clock's own rather than a task. `nil`, the default (and for a `deadline` of
  /// another clock), keeps that timer a task sleeping on the clock.
  ///
  /// A wake-up joins the clock's sleepers where the sleep of a timer task would: asked for by
  /// an event (`fromWakeUp == false`), as a task started now, on ``preferredTaskExecutor``,
  /// would sleep once the work queued there ran; asked for from a `fire` of this clock's (the
  /// next deadline of work that woke), at once, as the woken task would sleep again. `fire`
  /// runs where a woken task would, and may ask for the next wake-up. No tolerance is passed:
  /// a clock that keeps wake-ups keeps its own precision. A `fire` that comes after its
  /// deadline was replaced or dropped (the clock took it as due just before the withdrawal)
  /// does nothing.
  ///
  /// ```swift
  /// func wake(
  ///   at deadline: any InstantProtocol, fromWakeUp: Bool,
  ///   _ fire: @escaping @Sendable () -> Void
  /// ) -> PacingWakeUp? {
  ///   guard let deadline = deadline as? Instant else { return nil }
  ///   let id = timeline.add(deadline, fire)
  ///   return PacingWakeUp { timeline.remove(id) }
  /// }
  /// ```
  ///
  /// - Returns: What withdraws the wake-up, which AsyncPacing calls when the deadline is
  ///   replaced or dropped before it fired.
  func wake(
    at deadline: any InstantProtocol, fromWakeUp: Bool, _ fire: @escaping @Sendable () -> Void
  ) -> PacingWakeUp?

  /// An internal task of work timed by this clock started: it ends with
  /// ``internalTaskEnded()``. The default does nothing.
  ///
  /// ```swift
  /// func internalTaskStarted() { liveTasks.add(1, ordering: .relaxed) }
  /// ```
  func internalTaskStarted()

  /// An internal task of work timed by this clock ended. The default does nothing.
  ///
  /// ```swift
  /// func internalTaskEnded() { liveTasks.subtract(1, ordering: .relaxed) }
  /// ```
  func internalTaskEnded()

  /// A pacer timed by this clock was made with an action isolated to the main actor: work the
  /// clock settles now includes main-actor code. The default does nothing.
  ///
  /// ```swift
  /// func mainActorWorkJoined() { settlesMainActor.set() }
  /// ```
  func mainActorWorkJoined()

  /// A sequence operator timed by this clock is iterated for the first time (its first
  /// `next()`), from the calling code. The default does nothing.
  ///
  /// ```swift
  /// func iterationStarted() {
  ///   if !executor.isCurrent { warn("iterated off the executor") }
  /// }
  /// ```
  func iterationStarted()

  /// Inside this clock's scope (bound as ``PacingDefaults/clock``), an operator, pacer or
  /// timeout was made with an explicit real clock (`ContinuousClock`, `SuspendingClock`),
  /// which keeps real time there. The default does nothing.
  ///
  /// ```swift
  /// func realClockChosen(_ clock: String, by api: String) {
  ///   notes.append("\(api) runs on \(clock), not on the test's clock")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - clock: The clock's type, such as `"ContinuousClock"`.
  ///   - api: What was made, such as `"debounce(for:clock:)"`.
  func realClockChosen(_ clock: String, by api: String)

  /// A pacer timed by this clock was released while it held a value, which it drops without
  /// running. The default does nothing.
  ///
  /// ```swift
  /// func pacerReleasedHoldingValue(_ pacer: String) {
  ///   notes.append("\(pacer) dropped a value")
  /// }
  /// ```
  ///
  /// - Parameter pacer: The pacer's type, such as `"Debouncer<String>"`.
  func pacerReleasedHoldingValue(_ pacer: String)
}

extension PacingHost {
  /// None: the internal tasks run on the global executor.
  ///
  /// ```swift
  /// let executor = ImmediateClock().preferredTaskExecutor  // nil
  /// ```
  public var preferredTaskExecutor: (any TaskExecutor)? { nil }

  /// `false`: far deadlines are slept toward in steps.
  ///
  /// ```swift
  /// var sleepsUntilAnyDeadline: Bool { false }
  /// ```
  public var sleepsUntilAnyDeadline: Bool { false }

  /// Does nothing.
  ///
  /// ```swift
  /// clock.internalTaskStarted()
  /// ```
  public func internalTaskStarted() {}

  /// Does nothing.
  ///
  /// ```swift
  /// clock.internalTaskEnded()
  /// ```
  public func internalTaskEnded() {}

  /// Does nothing.
  ///
  /// ```swift
  /// clock.mainActorWorkJoined()
  /// ```
  public func mainActorWorkJoined() {}

  /// Does nothing.
  ///
  /// ```swift
  /// clock.iterationStarted()
  /// ```
  public func iterationStarted() {}

  /// Does nothing.
  ///
  /// ```swift
  /// clock.realClockChosen("ContinuousClock", by: "debounce(for:clock:)")
  /// ```
  public func realClockChosen(_ clock: String, by api: String) {}

  /// Does nothing.
  ///
  /// ```swift
  /// clock.pacerReleasedHoldingValue("Debouncer<String>")
  /// ```
  public func pacerReleasedHoldingValue(_ pacer: String) {}
}

/// What the operators, pacers and timeouts made without `clock:` measure time on.
///
/// ```swift
/// // On PacingDefaults.clock, if one is bound here:
/// let searches = queries.debounce(for: .milliseconds(300))
/// ```
public enum PacingDefaults {
  /// The clock that the forms without `clock:` run on instead of the continuous clock, from the
  /// call that makes them on; `nil`, the default, keeps the continuous clock. A test clock binds
  /// itself here around its test's body.
  ///
  /// ```swift
  /// await PacingDefaults.$clock.withValue(steppedClock) {
  ///   // on steppedClock:
  ///   let searches = queries.debounce(for: .milliseconds(300))
  /// }
  /// ```
  ///
  /// The forms keep their types (`AsyncDebounceSequence<Base, ContinuousClock>`, a
  /// `TimeoutFailure` with a `ContinuousClock.Instant`): an instant of the continuous clock
  /// passed to such a form lies as far ahead on this clock as it lies ahead of the continuous
  /// clock's `now`.
  @TaskLocal public static var clock: (any Clock<Duration> & PacingHost)?
}

extension PacingDefaults {
  /// A test library begins taking, process-wide, the tasks its test's code starts (a test
  /// clock's process scope): until the matching ``endTakingStartedTasks()``, the operators and
  /// pacers made on `ContinuousClock` or `SuspendingClock` (and a pacer's first `send`) time
  /// their deadlines with a timer task of their own, which such a library takes with the code
  /// that started it, instead of the timer those clocks share across the process. Calls nest.
  ///
  /// ```swift
  /// PacingDefaults.beginTakingStartedTasks()
  /// defer { PacingDefaults.endTakingStartedTasks() }
  /// ```
  public static func beginTakingStartedTasks() {
    takingStartedTasks.add(1, ordering: .relaxed)
  }

  /// Ends a span that ``beginTakingStartedTasks()`` began.
  ///
  /// ```swift
  /// PacingDefaults.endTakingStartedTasks()
  /// ```
  public static func endTakingStartedTasks() {
    takingStartedTasks.subtract(1, ordering: .relaxed)
  }

  /// Whether a test library takes the tasks its test's code starts, right now.
  @usableFromInline
  static var takesStartedTasks: Bool { takingStartedTasks.load(ordering: .relaxed) > 0 }
}

/// How many spans of ``PacingDefaults/beginTakingStartedTasks()`` are open.
private let takingStartedTasks = Atomic<Int>(0)
