import AsyncPacing
import Synchronization

/// A clock whose time moves only when a test moves it.
///
/// Run the code under test inside ``withTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``: the body, its child tasks and the
/// internal tasks of every AsyncPacing operator and pacer timed by the clock then run on one
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
/// A `TestClock()` created outside ``withTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)`` works in manual mode: advancing moves
/// time and resumes due sleepers, but the clock cannot know when the work they start has
/// finished.
public final class TestClock: Clock, Sendable {
  struct Sleeper {
    var id: UInt64
    var deadline: Instant
    var resumption: SleeperResumption
    /// Registered from outside the test executor: the progress guard names it.
    var isOffExecutor: Bool
    /// The name of the task that slept, if it has one: the leftover report shows it.
    var taskName: String?

    static var currentTaskName: String? {
      if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
        return Task.name
      }
      return nil
    }
  }

  /// What a sleeper does when its deadline comes.
  enum SleeperResumption {
    /// A sleep on this clock: its task resumes.
    case resume(UnsafeContinuation<Void, any Error>)
    /// A sleep on a real clock (`Task.sleep`, `ContinuousClock`, `SuspendingClock`) that the
    /// test executor received: the runtime's wake-up job runs. `sleepingTask` is the ID of the
    /// task that sleeps, by which a cancelled sleep's wake-up is recognised (see
    /// `TestClock.dropWakeUp(ofCancelledSleepIn:)`).
    case runJob(UnownedJob, sleepingTask: UInt64)
    /// The timer of an AsyncPacing operator or pacer timed by this clock: `fire` runs in a task
    /// on the test executor (see `TestClock.wake(at:fromWakeUp:_:)`).
    case fire(@Sendable () -> Void)
  }

  struct State {
    var now = Instant()
    var sleepers: [Sleeper] = []
    /// The wake-ups of AsyncPacing's timers on their way to the timeline (see
    /// `TestClock.wake(at:fromWakeUp:_:)`).
    var joiningWakeUps: Set<UInt64> = []
    /// Also the number of sleeps that ever reached this clock.
    var nextSleeperID: UInt64 = 0
    var diagnostics: [String] = []
    /// Real-clock sleeps recovered with a doubt: ``TestClock/warnings``.
    var inexactSleeps: [InexactSleep] = []
    var printing: DiagnosticsPrinting
    /// How many times `now` moved: progress, for the guard.
    var timeMoves = 0
    /// Settling tasks waiting for the main actor, and how often it answered.
    var mainActorWaits = 0
    var mainActorAnswers = 0
    /// Public `advance`, `run` and `settle` calls in progress: auto-advance waits for them.
    var manualAdvanceDepth = 0
    /// Moves on each registered sleep and each end of a manual advance, so that auto-advance,
    /// waiting for either, misses none.
    var changeGeneration = 0
    var changeWait = CancellableWait.idle
    /// Where the test using the clock is, for reports after its body returned.
    var testLocation: String?
    /// Work the test started to outlive its body (see `addBackgroundTask(_:)`).
    var background = BackgroundWork()
    /// What the operators and pacers timed by this clock told it through AsyncPacing's seam.
    var notes = HostNotes()
    /// The test is over (`releasePendingRealSleeps()`): real-clock sleeps go on in real time.
    var realSleepsAreReal = false
    /// A stand-in's (`TestClock.current` outside a scope): a sleep moves `now` to its deadline
    /// and goes on a millisecond later, so that the test runs to its end, and no loop spins.
    var sleepsMoveTime = false
  }

  /// What the operators and pacers told a clock through AsyncPacing's seam (`PacingHost`).
  package struct HostNotes: Sendable, Equatable {
    /// Operators, pacers or timeouts made inside the clock's scope with an explicit real clock,
    /// as `debounce(for:clock:) on ContinuousClock`.
    package var realClockChoices: [String] = []
    /// Pacers released while they held a value, as `Debouncer<String>`.
    package var releasedPacersHoldingValues: [String] = []
  }

  /// What the operators and pacers told this clock through AsyncPacing's seam so far.
  package var hostNotes: HostNotes { state.withLock { $0.notes } }

  let state: LockedState<State>
  let testExecutor: TestExecutor?
  /// The executor the test body and its child tasks prefer, when the clock has an executor.
  let bodyExecutor: BodyTaskExecutor?
  /// The internal tasks AsyncPacing started for this clock and that are still alive.
  package let internalTasks = LiveTaskCounter()

  /// Creates a clock in manual mode, starting at `Instant(offset: .zero)`.
  ///
  /// Prefer ``withTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``, which also settles the work that time sets off. In manual
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
    self.init(executor: nil, printing: .always)
  }

  /// A clock on a test executor of its own, taking the work `scope` says, printing the
  /// diagnostics that nobody records.
  package convenience init(printing: DiagnosticsPrinting, scope: Scope = .taskTree) {
    self.init(executor: TestExecutor(scope: scope), printing: printing)
  }

  init(executor: TestExecutor?, printing: DiagnosticsPrinting) {
    self.testExecutor = executor
    self.bodyExecutor = executor.map { BodyTaskExecutor(testExecutor: $0) }
    self.state = LockedState(State(printing: printing))
    executor?.attach(self)
  }

  // A real-clock wake-up left on the timeline goes back to real time, not lost with the clock.
  deinit { releasePendingRealSleeps() }

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

  /// The number of sleepers on this clock: the tasks sleeping on it, and the pending deadlines
  /// of the operators and pacers it times.
  ///
  /// Assert that it is `0` at the end of a test to prove nothing was left waiting.
  ///
  /// ```swift
  /// #expect(clock.pendingSleeperCount == 0)
  /// ```
  public var pendingSleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// The instant the earliest sleeper waits for (a task's sleep, or an operator's or pacer's
  /// deadline), if any.
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
  /// executor. Under ``withTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)`` and the `.testClock` trait
  /// each is a failure of the test at its end; a `TestClock()` made outside them prints each
  /// once, when it is detected.
  ///
  /// Check it at the end of a test to catch work that escaped the test executor and reached
  /// this clock (a task that escaped without reaching it is a warning of the test, not a
  /// diagnostic):
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
  /// async let woke: Void = clock.sleep(
  ///   until: TestClock.Instant(offset: .seconds(5)))
  /// await clock.advance(by: .seconds(5))
  /// try await woke
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { $0.reserveSleeperID() }
    let origin = origin()
    reportSleep(from: origin)
    let isOffExecutor = if case .exact = origin { false } else { true }
    let taskName = Sleeper.currentTaskName
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Void, any Error>) in
        // Checking cancellation and registering under the lock that `onCancel` takes means a
        // cancel lands either before (seen here) or after (finds the sleeper), never between.
        var standsIn = false
        let registration = state.withLock { state -> SleepRegistration? in
          if Task.isCancelled { return nil }
          if state.sleepsMoveTime {
            state.now = max(state.now, deadline)
            standsIn = true
            return .dueNow
          }
          return state.register(
            Sleeper(
              id: id, deadline: deadline, resumption: .resume(continuation),
              isOffExecutor: isOffExecutor, taskName: taskName))
        }
        switch registration {
        case nil: continuation.resume(throwing: CancellationError())
        // A millisecond of wall-clock time each on a stand-in: a sleep loop does not spin.
        case .dueNow where standsIn: WallClock.after(.milliseconds(1)) { continuation.resume() }
        case .dueNow: continuation.resume()
        case .registered(let changeWaiter): changeWaiter?.resume()
        }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }),
          case .resume(let continuation) = state.sleepers[index].resumption
        else { return nil }
        state.sleepers.remove(at: index)
        return continuation
      }
      cancelled?.resume(throwing: CancellationError())
    }
  }

  func report(_ message: String) {
    let printsNow = state.withLock { state in
      guard !state.diagnostics.contains(message) else { return false }
      state.diagnostics.append(message)
      return state.printing == .always
    }
    if printsNow { print("AsyncPacing diagnostic: \(message)") }
  }
}

/// How a sleep joined the timeline (`TestClock.State.register(_:)`).
enum SleepRegistration {
  /// Its deadline is not after `now`: it goes on at once.
  case dueNow
  /// It waits for its deadline; auto-advance, if it waited for a change, is to be resumed.
  case registered(changeWaiter: UnsafeContinuation<Void, Never>?)
}

extension TestClock.State {
  /// The one way a sleeper joins the timeline, whether it sleeps on this clock (its task's
  /// continuation) or on a real clock (the runtime's wake-up job).
  mutating func register(_ sleeper: TestClock.Sleeper) -> SleepRegistration {
    guard sleeper.deadline > now else { return .dueNow }
    sleepers.append(sleeper)
    return .registered(changeWaiter: takeChangeWaiter())
  }

  /// Every sleep takes an ID, registered or not: the IDs count the sleeps that reached the
  /// clock.
  mutating func reserveSleeperID() -> UInt64 {
    defer { nextSleeperID += 1 }
    return nextSleeperID
  }

  /// Counts a change auto-advance may wait for and hands back its waiter, if it waits.
  mutating func takeChangeWaiter() -> UnsafeContinuation<Void, Never>? {
    changeGeneration += 1
    return changeWait.take()
  }
}
