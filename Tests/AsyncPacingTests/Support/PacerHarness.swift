import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// Sends marble schedules into a callback pacer on a ``TestClock`` and records when the action
/// starts with which value, one step per second.
enum PacerHarness {
  /// What a pacer needs for the harness: a way to send.
  typealias Send = @Sendable (String) -> Void

  /// Builds a pacer with `makePacer` (given the clock and the action to install), sends the
  /// values of `input` at their steps, runs time on to `horizon` steps after the last, and
  /// returns the action's starts. Each action works for `actionSteps` steps.
  static func run(
    _ input: [TimedEvent], actionSteps: Int = 0, horizon: Int = 20,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ makePacer:
      @escaping @Sendable (
        TestClock, _ action: @escaping @Sendable (String) async -> Void
      ) -> (send: Send, keepAlive: AnyObject)
  ) async -> [TimedEvent] {
    await withTestClock { clock in
      let starts = Recorder<TimedEvent>()
      let running = ConcurrencyProbe()
      let (send, pacer) = makePacer(clock) { value in
        starts.record(TimedEvent(step: MachineDriver.step(of: clock.now), event: .value(value)))
        await running.during {
          if actionSteps > 0 { try? await clock.sleep(for: .seconds(actionSteps)) }
        }
      }
      for event in input {
        await clock.advance(to: MachineDriver.instant(event.step))
        if case .value(let value) = event.event { send(value) }
      }
      await clock.advance(to: MachineDriver.instant((input.last?.step ?? 0) + horizon))
      #expect(running.maximum <= 1, "the action overlapped itself", sourceLocation: sourceLocation)
      // A value still held at the horizon never runs (a row that waits for a flush): dropped on
      // purpose, as a released pacer would drop it, which a test clock reports as lost.
      (pacer as? any CallbackPacer)?.cancel()
      await OperatorHarness.expectNothingLeft(on: clock, sourceLocation: sourceLocation)
      return starts.recorded
    }
  }
}

/// Counts how many runs of a piece of work overlap.
final class ConcurrencyProbe: Sendable {
  private let state = Mutex((current: 0, maximum: 0))

  func during(_ work: () async -> Void) async {
    state.withLock {
      $0.current += 1
      $0.maximum = max($0.maximum, $0.current)
    }
    await work()
    state.withLock { $0.current -= 1 }
  }

  var maximum: Int { state.withLock { $0.maximum } }
}
