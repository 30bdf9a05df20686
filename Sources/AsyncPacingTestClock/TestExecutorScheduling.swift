import AsyncPacing

#if compiler(>=6.3) && canImport(Glibc)
  @_spi(ExperimentalScheduling) import _Concurrency
  import Dispatch

  /// Every sleep of a task that prefers the test executor reaches it here: `Task.sleep`, and
  /// `ContinuousClock`'s and `SuspendingClock`'s `sleep`, which become sleepers on the test
  /// clock's timeline. Linux and Swift 6.3 only: the protocol is the standard library's
  /// experimental SPI (on Apple platforms from the 26.4 releases, which this project cannot
  /// build or test), kept to this folder so that a change of it breaks nothing else.
  extension TestExecutor: SchedulingExecutor {
    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
      schedule(UnownedJob(job), at: instant, clock: clock)
    }

    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
      schedule(UnownedJob(job), after: delay, clock: clock)
    }
  }

  extension BodyTaskExecutor: SchedulingExecutor {
    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
      testExecutor.schedule(UnownedJob(job), at: instant, clock: clock)
    }

    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
      testExecutor.schedule(UnownedJob(job), after: delay, clock: clock)
    }
  }

  extension TestExecutor {
    /// A wake-up at an instant of the caller's clock. The real clocks' instants come from a
    /// `now` read just before the call (`RecoveredSleep`); the test clock's own are exact;
    /// any other clock keeps its own time, slept on the wall clock.
    func schedule<C: Clock>(_ job: UnownedJob, at instant: C.Instant, clock: C) {
      // A task outliving its test keeps the executor, not the clock: its sleeps are real.
      guard let testClock = self.clock else {
        return runLater(job, after: Self.realDelay(until: instant, on: clock))
      }
      if let deadline = instant as? TestClock.Instant {
        let duration = testClock.now.duration(to: deadline)
        return testClock.scheduleWakeUp(
          job, recovered: .exact(duration), sleepingTask: TestTasks.current)
      }
      // The clock's `now` is read before `arrived`, so the window covers the whole delay.
      let shortest: Duration
      if let instant = instant as? ContinuousClock.Instant {
        shortest = ContinuousClock.now.duration(to: instant)
      } else if let instant = instant as? SuspendingClock.Instant {
        shortest = SuspendingClock.now.duration(to: instant)
      } else {
        return runLater(job, after: Self.realDelay(until: instant, on: clock))
      }
      let recovered = RecoveredSleep.recover(
        shortest: shortest, heldUp: heldUpAtMost())
      testClock.scheduleWakeUp(job, recovered: recovered, sleepingTask: TestTasks.current)
    }

    /// A wake-up after a delay: exact for the standard `Duration`.
    func schedule<C: Clock>(_ job: UnownedJob, after delay: C.Duration, clock: C) {
      guard let testClock = self.clock, let delay = delay as? Duration,
        C.self == ContinuousClock.self || C.self == SuspendingClock.self || C.self == TestClock.self
      else { return runLater(job, after: delay as? Duration) }
      testClock.scheduleWakeUp(job, recovered: .exact(delay), sleepingTask: TestTasks.current)
    }

    /// How long, on the wall clock, until `instant` of `clock`, when that can be told.
    private static func realDelay<C: Clock>(until instant: C.Instant, on clock: C) -> Duration? {
      if let instant = instant as? ContinuousClock.Instant {
        return ContinuousClock.now.duration(to: instant)
      }
      if let instant = instant as? SuspendingClock.Instant {
        return SuspendingClock.now.duration(to: instant)
      }
      return clock.now.duration(to: instant) as? Duration
    }

    /// A clock of its own: the job runs here after `delay` of wall-clock time, or at once when
    /// the delay cannot be told.
    func runLater(_ job: UnownedJob, after delay: Duration?) {
      guard let delay, delay > .zero else {
        return enqueue(job, preferring: asUnownedTaskExecutor(), from: .other)
      }
      let (seconds, attoseconds) = delay.components
      let nanoseconds = min(seconds, 1 << 32) * 1_000_000_000 + attoseconds / 1_000_000_000
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
        self.enqueue(job, preferring: self.asUnownedTaskExecutor(), from: .other)
      }
    }
  }
#endif
