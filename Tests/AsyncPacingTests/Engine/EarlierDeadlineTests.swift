import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The shell's timer takes a deadline earlier than the one it sleeps toward, which the
/// per-element-duration operators need: a test-only machine whose every element names its own
/// quiet period, in steps.
@Suite(.testClock) struct EarlierDeadlineTests {
  /// Emits the latest element once its own quiet period (its digit, in seconds) has passed.
  struct OwnQuietPeriodMachine: ElementPacingMachine {
    typealias Element = String
    typealias Output = String
    typealias Instant = ElapsedInstant<Duration>
    typealias Actions = PacingActions<String, ElapsedInstant<Duration>>
    var pending: (element: String, dueAt: ElapsedInstant<Duration>)?

    mutating func elementArrived(_ element: String, at now: ElapsedInstant<Duration>) -> Actions {
      var actions = deadlineReached(at: now)
      pending = (element, now.after(.seconds(Int(element)!))!)
      actions.next = .waking(at: pending?.dueAt)
      return actions
    }

    mutating func deadlineReached(at now: ElapsedInstant<Duration>) -> Actions {
      var actions = Actions(.idle)
      if let (element, dueAt) = pending, dueAt <= now {
        pending = nil
        actions.emit(element, dueAt: dueAt)
      }
      actions.next = .waking(at: pending?.dueAt)
      return actions
    }

    mutating func deadlineUnreachable(at now: ElapsedInstant<Duration>) -> Actions {
      Actions(.idle)
    }

    mutating func upstreamFinished(at now: ElapsedInstant<Duration>) -> Actions {
      var actions = deadlineReached(at: now)
      if let (element, _) = pending.take() { actions.emit(element, dueAt: now) }
      actions.next = .end(.finish)
      return actions
    }

    mutating func upstreamFailed(at now: ElapsedInstant<Duration>) -> Actions {
      var actions = deadlineReached(at: now)
      pending = nil
      actions.next = .end(.failure)
      return actions
    }
  }

  /// The machine over `upstream`, as the operators run theirs.
  static func ownQuietPeriods<Base: AsyncSequence & Sendable, C: Clock<Duration>>(
    _ upstream: Base, clock: C
  ) -> PacedSequence<Base, C, OwnQuietPeriodMachine> {
    PacedSequence(
      PacedUpstream(upstream, clock: clock, tolerance: nil, standIn: nil),
      machine: OwnQuietPeriodMachine())
  }

  @Test func anEarlierDeadlineWakesTheTimerOnTime() async {
    let clock = TestClock.current
    // 5 is due at step 5; 1 arrives at step 2 and is due at step 3, before the timer's 5.
    let upstream = clock.marbles("5-1------|", step: .seconds(1))
    await clock.expectMarbles(
      "---1-----|", of: Self.ownQuietPeriods(upstream, clock: clock), step: .seconds(1))
    // The reader alone: the wake-up toward 5 and the one that replaced it are the clock's.
    #expect(clock.internalTasks.startedCount == 1)
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  /// The same on a clock that keeps the test clock's time but no wake-ups: its timer is a task,
  /// replaced by the earlier deadline.
  @Test func anEarlierDeadlineReplacesATimerTask() async {
    let clock = TestClock.current
    let upstream = clock.marbles("5-1------|", step: .seconds(1))
    await clock.expectMarbles(
      "---1-----|", of: Self.ownQuietPeriods(upstream, clock: MisbehavingClock(.strict, on: clock)),
      step: .seconds(1))
    // The reader, the timer task sleeping toward 5, and the one that replaced it.
    #expect(clock.internalTasks.startedCount == 3)
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func aLaterDeadlineKeepsTheTimerTask() async {
    let clock = TestClock.current
    let upstream = clock.marbles("1-3--------|", step: .seconds(1))
    let strict = MisbehavingClock(.strict, on: clock)
    await clock.expectMarbles(
      "-1---3-----|", of: Self.ownQuietPeriods(upstream, clock: strict), step: .seconds(1))
    #expect(clock.internalTasks.startedCount == 2)  // the reader and one timer task
    await OperatorHarness.expectNothingLeft(on: clock)
  }
}
