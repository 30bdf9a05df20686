import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// Runs marble schedules through a real operator on a ``TestClock``, one step per second,
/// with the public marble API: the schedule played by `clock.marbles`, the output drawn by
/// `clock.marbles(of:)`.
enum OperatorHarness {
  typealias Upstream = MarbleSequence<String>

  /// Plays `input` into an upstream at its steps, lets `pacing` consume it, and returns what
  /// the consumer receives at the instant it receives it.
  ///
  /// - Parameters:
  ///   - busySteps: after each element the consumer works this many steps (sleeping on the
  ///     clock) before it asks for the next one: a slow consumer.
  ///   - horizon: how far time may run after the last input event.
  static func run<Output: AsyncSequence & Sendable>(
    _ input: [TimedEvent], busySteps: Int = 0, horizon: Int = 20,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ pacing: @Sendable @escaping (Upstream, TestClock) -> Output
  ) async -> [TimedEvent] where Output.Element == String {
    await withTestClock { clock in
      let upstream = clock.marbles(Marble.render(input), step: .seconds(1))
      let drawn = await clock.marbles(
        of: pacing(upstream, clock), step: .seconds(1), busySteps: busySteps,
        maxSteps: (input.last?.step ?? 0) + horizon, sourceLocation: sourceLocation)
      await expectNothingLeft(on: clock, sourceLocation: sourceLocation)
      return Marble.parse(drawn)
    }
  }

  /// What the first `next()` of `sequence` returns in a task cancelled before it asks, run on
  /// `clock`'s executor so that anything the operator starts would be counted.
  static func firstNextOfACancelledTask<Paced: AsyncSequence & Sendable>(
    _ sequence: Paced, on clock: TestClock
  ) async -> Paced.Element? where Paced.Element: Sendable, Paced.Failure == Never {
    let task = Task(executorPreference: clock.taskExecutor) {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = sequence.makeAsyncIterator()
      return await iterator.next(isolation: nil)
    }
    return await task.value
  }

  /// Everything an operator started is over: no sleeper on the clock, no internal task alive,
  /// no diagnostic but, for a test that releases a pacer holding a value on purpose, its own.
  static func expectNothingLeft(
    on clock: TestClock, allowingLostValue: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await clock.settle()
    #expect(clock.pendingSleeperCount == 0, "sleepers left", sourceLocation: sourceLocation)
    #expect(
      clock.internalTasks.liveCount == 0, "internal tasks left", sourceLocation: sourceLocation)
    let unexpected = clock.diagnostics.filter {
      !allowingLostValue || !$0.contains(LostValue.fragment)
    }
    #expect(unexpected.isEmpty, "\(unexpected)", sourceLocation: sourceLocation)
  }
}
