import AsyncPacingTesting

@testable import AsyncPacing

/// Drives a pacing machine through a marble schedule step by step, with no clock and no task,
/// the way a shell would: the timer wakes for each `wakeAt`, events arrive at their steps.
///
/// A shell may see a timer and an event of the same instant in either order, and its timer may
/// wake late; `TimerDelivery` chooses, so tests can prove the machine's output never depends
/// on it.
struct MachineDriver {
  enum TimerDelivery {
    /// A timer due at an event's instant is delivered before the event.
    case beforeSameInstantEvents
    /// A timer due at an event's instant is delivered after the event.
    case afterSameInstantEvents
    /// The timer wakes at a random instant between its deadline and the next event, and ties
    /// go either way.
    case randomlyLate(seed: UInt64)

    /// The deliveries a diagram is checked under: either order of a tie, and late timers.
    static let all: [TimerDelivery] = [
      .beforeSameInstantEvents, .afterSameInstantEvents, .randomlyLate(seed: 1),
      .randomlyLate(seed: 2),
    ]
  }

  static func instant(_ step: Int) -> TestClock.Instant {
    TestClock.Instant(offset: .seconds(step))
  }

  static func step(of instant: TestClock.Instant) -> Int {
    let (seconds, attoseconds) = instant.offset.components
    precondition(attoseconds == 0, "an output fell due between steps, at \(instant)")
    return Int(seconds)
  }

  /// Runs `input` through `machine` and returns the outputs at the steps they fell due, then
  /// the ending at the step it happened.
  static func run<Machine: ElementPacingMachine>(
    _ machine: inout Machine, _ input: [TimedEvent],
    timers: TimerDelivery = .beforeSameInstantEvents
  ) -> [TimedEvent]
  where Machine.Element == String, Machine.Output == String, Machine.Instant == TestClock.Instant {
    run(&machine, input, timers: timers) { machine, value, now, apply in
      apply(machine.elementArrived(value, at: now))
    }
  }

  /// As `run`, for a machine that asks for folds: each is answered at once with `asyncFold`,
  /// as a shell awaiting an instantaneous reducer would. With `takesLoans` the driver takes the
  /// candidates the machine lends and folds the elements arriving before a loan's end into them
  /// without the machine (counting them in `foldsOnLoan`), as the reducing reader does; the
  /// machine takes them back itself.
  static func run<Machine: FoldingPacingMachine>(
    _ machine: inout Machine, _ input: [TimedEvent], timers: TimerDelivery,
    asyncFold fold: @escaping (String?, String) -> String, takesLoans: Bool = false
  ) -> [TimedEvent]
  where Machine.Element == String, Machine.Output == String, Machine.Instant == TestClock.Instant {
    var foldsOnLoan = 0
    return run(
      &machine, input, timers: timers, asyncFold: fold, takesLoans: takesLoans,
      foldsOnLoan: &foldsOnLoan)
  }

  static func run<Machine: FoldingPacingMachine>(
    _ machine: inout Machine, _ input: [TimedEvent], timers: TimerDelivery,
    asyncFold fold: @escaping (String?, String) -> String, takesLoans: Bool,
    foldsOnLoan: inout Int
  ) -> [TimedEvent]
  where Machine.Element == String, Machine.Output == String, Machine.Instant == TestClock.Instant {
    var loanEnds: TestClock.Instant?
    var onLoan = 0
    defer { foldsOnLoan += onLoan }
    return run(&machine, input, timers: timers) { machine, value, now, apply in
      if let end = loanEnds, now < end, let candidate = machine.loan.beginFold() {
        onLoan += 1
        precondition(machine.loan.endFold(fold(candidate, value)) == nil, "a loan recalled")
        return
      }
      loanEnds = nil
      // The driver's consumer takes every output at once: none waits untaken.
      let step = machine.elementArrived(value, at: now, untakenOutput: false)
      apply(step.actions)
      let seed: String?
      switch step.fold {
      case .none: return
      case .fresh: seed = nil
      case .into(let value): seed = value
      case .intoUntaken: preconditionFailure("a fold into an output the driver took")
      }
      let finished = machine.foldFinished(fold(seed, value), at: { now }, mayLend: takesLoans)
      apply(finished.actions)
      loanEnds = finished.lentUntil
    }
  }

  /// The driving loop: `elementArrived` hands an element to the machine, applying the actions
  /// it gets with `apply`.
  private static func run<Machine: PacingMachine>(
    _ machine: inout Machine, _ input: [TimedEvent], timers: TimerDelivery,
    elementArrived: (
      inout Machine, String, TestClock.Instant, (PacingActions<String, TestClock.Instant>) -> Void
    ) -> Void
  ) -> [TimedEvent]
  where Machine.Output == String, Machine.Instant == TestClock.Instant {
    var random = SplitMix64(
      seed: { if case .randomlyLate(let seed) = timers { seed } else { 0 } }())
    var outputs: [TimedEvent] = []
    var wakeAt: TestClock.Instant?
    var hasEnded = false

    func apply(_ actions: PacingActions<String, TestClock.Instant>, at now: TestClock.Instant) {
      actions.emissions.forEachEmission { output, dueAt in
        outputs.append(TimedEvent(step: step(of: dueAt), event: .value(output)))
      }
      if let ending = actions.ending {
        outputs.append(
          TimedEvent(step: step(of: now), event: ending == .finish ? .finish : .failure))
        hasEnded = true
      }
      wakeAt = actions.wakeAt
    }

    /// Delivers every timer that wakes before `next` (all of them when `next` is nil).
    func fireTimers(before next: TestClock.Instant?) {
      var rounds = 0
      while !hasEnded, let deadline = wakeAt {
        rounds += 1
        precondition(rounds < 10_000, "the machine keeps asking for timers")
        var wake = deadline
        if case .randomlyLate = timers, let next {
          // Late by a random number of quarter steps, possibly past the next event.
          // A deadline past the next event (as far as the longest `Duration`) is no later.
          let gap = deadline.duration(to: next)
          let quarterSteps = gap <= .zero ? 0 : Int(min(gap / .milliseconds(250), 1e6))
          let lateness = Int(random.next() % UInt64(quarterSteps + 2))
          wake = deadline.advanced(by: .milliseconds(250) * lateness)
        }
        guard let next else {
          apply(machine.deadlineReached(at: wake), at: wake)
          continue
        }
        let timerGoesFirst: Bool
        switch timers {
        case .beforeSameInstantEvents: timerGoesFirst = wake <= next
        case .afterSameInstantEvents: timerGoesFirst = wake < next
        case .randomlyLate: timerGoesFirst = wake < next || (wake == next && random.next() % 2 == 0)
        }
        guard timerGoesFirst else { return }
        apply(machine.deadlineReached(at: wake), at: wake)
      }
    }

    for event in input where !hasEnded {
      let now = instant(event.step)
      fireTimers(before: now)
      guard !hasEnded else { break }
      switch event.event {
      case .value(let value):
        elementArrived(&machine, value, now) { apply($0, at: now) }
      case .finish:
        apply(machine.upstreamFinished(at: now), at: now)
      case .failure:
        apply(machine.upstreamFailed(at: now), at: now)
      }
    }
    fireTimers(before: nil)
    return outputs
  }
}
