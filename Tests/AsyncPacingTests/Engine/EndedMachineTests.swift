import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// Machines keep no "ended" state: once an event's actions end the sequence, the shell gives
/// the machine no other event, whatever the upstream and the timer still do.
@Suite(.testClock) struct EndedMachineTests {
  /// Passes elements through, asks for a deadline a step after each, and ends at `"x"`;
  /// every event it gets after that is counted.
  struct EndsAtX: ElementPacingMachine {
    typealias Element = String
    typealias Output = String
    typealias Instant = ElapsedInstant<Duration>
    typealias Actions = PacingActions<String, Instant>

    let eventsAfterTheEnd: Counter
    var hasEnded = false

    mutating func elementArrived(_ element: String, at now: Instant) -> Actions {
      if hasEnded { eventsAfterTheEnd.add() }
      guard element != "x" else {
        hasEnded = true
        return Actions(.end(.finish))
      }
      var actions = Actions(.waking(at: now.after(.seconds(1))))
      actions.emit(element, dueAt: now)
      return actions
    }

    mutating func deadlineReached(at now: Instant) -> Actions {
      if hasEnded { eventsAfterTheEnd.add() }
      return Actions(.idle)
    }

    mutating func deadlineUnreachable(at now: Instant) -> Actions { deadlineReached(at: now) }

    mutating func upstreamFinished(at now: Instant) -> Actions {
      if hasEnded { eventsAfterTheEnd.add() }
      return Actions(.end(.finish))
    }

    mutating func upstreamFailed(at now: Instant) -> Actions {
      if hasEnded { eventsAfterTheEnd.add() }
      return Actions(.end(.failure))
    }
  }

  final class Counter: Sendable {
    let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
  }

  @Test func anEndedMachineGetsNoOtherEvent() async {
    let clock = TestClock.current
    let counter = Counter()
    // After "x" the upstream goes on, and the deadline asked at "b" falls after the end.
    let upstream = clock.marbles("a-bx-cd-e|", step: .seconds(1))
    let paced = PacedSequence(
      PacedUpstream(upstream, clock: clock, tolerance: nil, standIn: nil),
      machine: EndsAtX(eventsAfterTheEnd: counter))
    await clock.expectMarbles("a-b|", of: paced, step: .seconds(1))
    await clock.advance(by: .seconds(10))
    #expect(counter.count.withLock { $0 } == 0)
    await OperatorHarness.expectNothingLeft(on: clock)
  }
}
