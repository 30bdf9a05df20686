import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The timer shells on a real clock share (<doc:PacingContract>, "Resources"), on a timer of the
/// test's own so that other tests' deadlines are not counted: wiring only, on
/// `ContinuousClock`. Each wait is bounded far above any deadline here, and none depends on
/// the machine's speed.
@Suite struct SharedPacingTimerTests {
  /// A timer of the test's own, kept by the process's table of timers so that its parked task
  /// is no leak at exit: one per `number`, a priority no task of the process has.
  private static func timer(_ number: UInt8) -> SharedPacingTimer<ContinuousClock> {
    sharedContinuousTimers.timer(for: TaskPriority(rawValue: number))
  }

  /// Registers a deadline `delay` after `origin` (now, unless given: deadlines compared with
  /// each other share one, so that a slow machine cannot reorder them).
  private static func register(
    _ timer: SharedPacingTimer<ContinuousClock>, in delay: Duration, generation: UInt64,
    _ entry: SharedTimerEntry, fired: Recorder<UInt64>, from origin: ContinuousClock.Instant = .now
  ) {
    timer.register(delay, from: origin, generation: generation, of: entry) { fired.record($0) }
  }

  @Test func deadlinesFireInTheirOrder() async {
    let timer = Self.timer(1)
    let fired = Recorder<UInt64>()
    let origin = ContinuousClock.now
    for (generation, delay) in [(3, 30), (1, 10), (2, 20)] as [(UInt64, Int64)] {
      Self.register(
        timer, in: .milliseconds(delay), generation: generation, SharedTimerEntry(),
        fired: fired, from: origin)
    }
    #expect(timer.pendingCount == 3)
    await fired.wait(forCount: 3)
    #expect(fired.recorded == [1, 2, 3])
    #expect(timer.pendingCount == 0)
  }

  @Test func anEarlierDeadlineIsNotKeptWaitingBehindTheOneTheTimerSleepsToward() async {
    let timer = Self.timer(2)
    let fired = Recorder<UInt64>()
    let far = SharedTimerEntry()
    Self.register(timer, in: .seconds(3600), generation: 1, far, fired: fired)
    // The timer's task is asleep toward the hour, or about to be: either way it is replaced.
    try? await Task.sleep(for: .milliseconds(20))
    Self.register(timer, in: .milliseconds(10), generation: 1, SharedTimerEntry(), fired: fired)
    await fired.wait(forCount: 1)
    #expect(fired.recorded == [1])
    timer.unregister(generation: 2, of: far)
    #expect(timer.pendingCount == 0)
  }

  @Test func aStaleRegistrationOrAStoppedOneLeavesNothing() {
    let timer = Self.timer(3)
    let fired = Recorder<UInt64>()
    let entry = SharedTimerEntry()
    Self.register(timer, in: .seconds(3600), generation: 2, entry, fired: fired)
    // Performed after the newer one: ignored.
    Self.register(timer, in: .seconds(1), generation: 1, entry, fired: fired)
    #expect(timer.pendingCount == 1)
    timer.unregister(generation: 3, of: entry)
    #expect(timer.pendingCount == 0)
    // The start a stop overtook: ignored, so nothing is held for an hour.
    Self.register(timer, in: .seconds(3600), generation: 2, entry, fired: fired)
    #expect(timer.pendingCount == 0)
  }

  @Test func aDebouncerOnTheContinuousClockRunsWithNoTimerTaskOfItsOwn() async {
    let ran = Recorder<Int>()
    let debouncer = Debouncer(for: .seconds(10), clock: ContinuousClock()) { (value: Int) in
      ran.record(value)
    }
    // Its deadline goes to the shared timer, unless a process-scope test runs meanwhile (see
    // `ProcessScopeTests`); either way the action runs.
    debouncer.send(1)
    debouncer.send(2)
    debouncer.flush()
    await ran.wait(forCount: 1)
    #expect(ran.recorded == [2])
  }

  @Test func aDebouncerWithAToleranceKeepsATimerOfItsOwn() async {
    let ran = Recorder<Int>()
    let debouncer = Debouncer(
      for: .milliseconds(5), tolerance: .milliseconds(1), clock: ContinuousClock()
    ) { (value: Int) in ran.record(value) }
    let started = LiveTaskCounter.processWide.startedCount
    debouncer.send(1)
    // Its own timer task, which hands the tolerance to the clock's sleep (other tests may
    // start tasks meanwhile, so at least one).
    #expect(LiveTaskCounter.processWide.startedCount > started)
    await ran.wait(forCount: 1)
    #expect(ran.recorded == [1])
  }

  @Test func aDebouncedStreamOnTheContinuousClockEmitsThroughTheSharedTimer() async {
    let (upstream, feed) = AsyncStream.makeStream(of: Int.self)
    var iterator = upstream.debounce(for: .milliseconds(5), clock: ContinuousClock())
      .makeAsyncIterator()
    // One element: two could be read a quiet period apart on a slow machine.
    feed.yield(1)
    #expect(await iterator.next() == 1)
    feed.finish()
    #expect(await iterator.next() == nil)
  }
}
