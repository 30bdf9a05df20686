import Synchronization

/// A clock whose time moves only when a test moves it.
///
/// Run the code under test inside ``withTestClock(_:)``: the body, its child tasks and the
/// internal tasks of every AsyncPacing operator and pacer driven by the clock then run on one
/// serial test executor. Each call to ``advance(by:)`` first runs everything that can run,
/// then moves time deadline by deadline, resuming the sleepers due at each instant and running
/// everything again, so a test needs no sleeps and no yields.
///
/// ```swift
/// @Test func welcomeMessageAppearsAfterFiveSeconds() async {
///   await withTestClock { clock in
///     let model = WelcomeModel(clock: clock)
///     async let shown: Void = model.showWelcomeLater()
///     await clock.advance(by: .seconds(4))
///     #expect(model.message == nil)
///     await clock.advance(by: .seconds(1))
///     #expect(model.message == "Welcome!")
///     await shown
///   }
/// }
/// ```
///
/// A `TestClock()` created outside ``withTestClock(_:)`` works in manual mode: advancing moves
/// time and resumes due sleepers, but the clock cannot know when the work they start has
/// finished.
public final class TestClock: Clock, Sendable {
  private struct Sleeper {
    var id: UInt64
    var deadline: Instant
    var continuation: UnsafeContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var nextSleeperID: UInt64 = 0
    var diagnostics: [String] = []
  }

  private let state = LockedState(State())
  let testExecutor: TestExecutor?
  /// The internal tasks AsyncPacing started for this clock and that are still alive.
  @usableFromInline
  let liveTaskCounter = LiveTaskCounter()

  /// Creates a clock in manual mode, starting at `Instant(offset: .zero)`.
  ///
  /// Prefer ``withTestClock(_:)``, which also settles the work that time sets off. In manual
  /// mode the test must wait for a sleep to be registered before it advances past it:
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let timer = Task { try await clock.sleep(for: .seconds(1)) }
  /// while clock.pendingSleeperCount == 0 { await Task.yield() }
  /// await clock.advance(by: .seconds(1))
  /// try await timer.value
  /// ```
  public convenience init() {
    self.init(executor: nil)
  }

  init(executor: TestExecutor?) {
    self.testExecutor = executor
  }

  /// The serial test executor this clock settles, or `nil` in manual mode.
  ///
  /// Code under test that must start an unstructured task can start it with
  /// `Task(executorPreference: clock.taskExecutor) { ... }` so that it stays deterministic.
  ///
  /// ```swift
  /// let reload = Task(executorPreference: clock.taskExecutor) {
  ///   try await clock.sleep(for: .seconds(30))
  ///   await feed.reload()
  /// }
  /// ```
  public var taskExecutor: (any TaskExecutor)? { testExecutor }

  /// The current instant; it moves only when the test advances the clock.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(2))
  /// #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
  /// ```
  public var now: Instant { state.withLock { $0.now } }

  /// Always `.zero`: a test clock resolves any instant exactly.
  ///
  /// ```swift
  /// #expect(clock.minimumResolution == .zero)
  /// ```
  public var minimumResolution: Duration { .zero }

  /// The number of tasks currently sleeping on this clock.
  ///
  /// Assert that it is `0` at the end of a test to prove nothing was left waiting.
  ///
  /// ```swift
  /// #expect(clock.pendingSleeperCount == 0)
  /// ```
  public var pendingSleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// The instant the earliest sleeper waits for, if any task sleeps.
  ///
  /// ```swift
  /// search("Swift")  // a 300 ms debouncer
  /// await clock.settle()
  /// #expect(clock.nextDeadline == TestClock.Instant(offset: .milliseconds(300)))
  /// ```
  public var nextDeadline: Instant? {
    state.withLock { $0.sleepers.lazy.map(\.deadline).min() }
  }

  /// The misuse this clock detected so far, such as a sleep registered from outside the test
  /// executor. Each message is also printed once, when it is detected.
  ///
  /// Check it at the end of a test to catch work that escaped the test executor:
  ///
  /// ```swift
  /// #expect(clock.diagnostics.isEmpty)
  /// ```
  public var diagnostics: [String] { state.withLock { $0.diagnostics } }

  /// Suspends until the test moves time to `deadline`.
  ///
  /// A cancelled task throws `CancellationError` at once, as with `ContinuousClock`; otherwise
  /// a deadline at or before ``now`` returns at once. Sleepers due at the same instant resume
  /// in the order they went to sleep. `tolerance` is ignored.
  ///
  /// ```swift
  /// async let woke: Void = clock.sleep(until: TestClock.Instant(offset: .seconds(5)))
  /// await clock.advance(by: .seconds(5))
  /// try await woke
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      defer { state.nextSleeperID += 1 }
      return state.nextSleeperID
    }
    if let testExecutor, !testExecutor.isCurrent {
      report(
        """
        TestClock: a sleep was registered outside the test executor, so \
        advancing cannot know when the sleeper's work has finished. Likely causes: the sleeping \
        code runs in a plain `Task {}` or `Task.detached` (create it with \
        `Task(executorPreference:)` or make it a child task), or it is `@MainActor` code.
        """)
    }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Void, any Error>) in
        // Checking cancellation and registering under the lock that `onCancel` takes means a
        // cancel lands either before (seen here) or after (finds the sleeper), never between.
        let outcome: Result<Void, any Error>? = state.withLock { state in
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index).continuation
      }
      cancelled?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, running all work that becomes due on the way.
  ///
  /// See ``advance(to:)``.
  ///
  /// ```swift
  /// let save = Debouncer(for: .seconds(1), clock: clock) { await store.save() }
  /// save()
  /// await clock.advance(by: .seconds(1))
  /// #expect(await store.saveCount == 1)
  /// ```
  public func advance(by duration: Duration) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `target`, running all work that becomes due on the way.
  ///
  /// First everything that can run runs; then, for each deadline up to and including
  /// `target`, time moves to it, the sleepers due then resume in the order they went to sleep,
  /// and everything that can run runs again. Finally time moves to `target`. A target before
  /// ``now`` only runs what can run: time never goes backwards.
  ///
  /// ```swift
  /// await clock.advance(to: TestClock.Instant(offset: .seconds(3)))
  /// #expect(clock.now.offset == .seconds(3))
  /// ```
  public func advance(to target: Instant) async {
    await settle()
    while let due = takeSleepers(dueBy: target) {
      for sleeper in due { sleeper.continuation.resume() }
      await settle()
    }
  }

  /// Advances deadline by deadline until no task sleeps on this clock.
  ///
  /// - Parameter maxSteps: how many deadlines may be visited before giving up; a loop that
  ///   sleeps forever (a repeating timer) would otherwise never end. When the bound is hit,
  ///   the clock records and prints a diagnostic and returns.
  ///
  /// ```swift
  /// save()
  /// await clock.run()  // to the debounce deadline, and on until nothing sleeps
  /// #expect(await store.saveCount == 1)
  /// ```
  public func run(maxSteps: Int = 10_000) async {
    await settle()
    var steps = 0
    while let next = nextDeadline {
      guard steps < maxSteps else {
        report(
          """
          TestClock.run() stopped after \(maxSteps) steps at \(now) with \
          \(pendingSleeperCount) sleeper(s) left, the next due at \(next). Likely causes: code \
          that sleeps in a loop forever (a repeating timer; advance by a bounded duration \
          instead), or work that escaped the test executor (`Task {}`, `Task.detached`, \
          `@MainActor`) and keeps registering sleeps.
          """)
        return
      }
      steps += 1
      await advance(to: next)
    }
  }

  /// Runs all work that can run without moving time.
  ///
  /// Main-actor work reached from the test's own tasks is part of "what can run": the clock
  /// drains the test executor, lets the main actor run what is queued before a barrier, and
  /// repeats until several rounds in a row saw nothing but its own hops run on the test
  /// executor. One quiet round is not enough: main-actor code can hand itself back to the
  /// main queue (measured: a main-actor action called by a task that prefers the test
  /// executor), behind the barrier, without touching the test executor.
  ///
  /// ```swift
  /// let pay = Debouncer(for: .seconds(1), edges: .leading, clock: clock) { await wallet.pay() }
  /// pay()
  /// await clock.settle()  // the leading edge runs with no time passing
  /// #expect(await wallet.payments == 1)
  /// ```
  public func settle() async {
    guard let testExecutor else { return }
    // On the executor, two jobs of each round are this task's own: the return from the main
    // actor and the idle wake-up. Called from elsewhere, it has none there.
    let ownJobs = testExecutor.isCurrent ? 2 : 0
    await testExecutor.waitUntilIdle()
    var quietRounds = 0
    for _ in 0..<Self.maximumMainActorRounds {
      let before = testExecutor.jobsRun
      await MainActor.run {}
      await testExecutor.waitUntilIdle()
      quietRounds = testExecutor.jobsRun - before <= ownJobs ? quietRounds + 1 : 0
      if quietRounds == Self.quietRoundsToSettle { return }
    }
  }

  /// Settling ends after this many quiet rounds in a row. Each round runs one more hand-back
  /// of main-actor work to the main queue, so work that hands itself back one time fewer than
  /// this, unseen by the test executor, is still settled.
  private static let quietRoundsToSettle = 3

  /// Bounds settling when main-actor work and the test executor keep handing work to each
  /// other, as a repeating main-actor timer would.
  private static let maximumMainActorRounds = 1_000

  /// Takes the sleepers due at the earliest deadline up to `target`, moving time to it; with
  /// none due, moves time to `target`. Checking and moving under one lock means a sleep
  /// registered concurrently is either taken here or sees the new `now` and returns at once.
  private func takeSleepers(dueBy target: Instant) -> [Sleeper]? {
    state.withLock { state in
      guard let next = state.sleepers.lazy.map(\.deadline).min(), next <= target else {
        if state.now < target { state.now = target }
        return nil
      }
      if state.now < next { state.now = next }
      // Registration order is kept by the array, so a stable partition keeps it too.
      let due = state.sleepers.filter { $0.deadline == next }
      state.sleepers.removeAll { $0.deadline == next }
      return due
    }
  }

  private func report(_ message: String) {
    let isNew = state.withLock { state in
      guard !state.diagnostics.contains(message) else { return false }
      state.diagnostics.append(message)
      return true
    }
    if isNew { print("AsyncPacing diagnostic: \(message)") }
  }
}
