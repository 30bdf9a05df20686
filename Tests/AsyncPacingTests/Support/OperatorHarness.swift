import Testing

@testable import AsyncPacing

/// The failure a marble `^` throws upstream.
struct MarbleFailure: Error, Equatable {}

/// Runs marble schedules through a real operator on a ``TestClock``, one step per second.
enum OperatorHarness {
  typealias Upstream = AsyncThrowingStream<String, any Error>

  /// Plays `input` into an upstream stream at its steps, lets `pacing` consume it, and
  /// records what the consumer receives at the instant it receives it.
  ///
  /// - Parameters:
  ///   - busySteps: after each element the consumer works this many steps (sleeping on the
  ///     clock) before it asks for the next one: a slow consumer.
  ///   - horizon: how far time runs after the last input event, for schedules that do not end.
  static func run<Output: AsyncSequence>(
    _ input: [TimedEvent], busySteps: Int = 0, horizon: Int = 20,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ pacing: @Sendable @escaping (Upstream, TestClock) -> Output
  ) async -> [TimedEvent]
  where Output.Element == String, Output: SendableMetatype, Output.AsyncIterator: SendableMetatype {
    await withTestClock { clock in
      let (upstream, feed) = Upstream.makeStream()
      let received = Recorder<TimedEvent>()
      let lastStep = (input.last?.step ?? 0) + horizon
      await withTaskGroup { group in
        group.addTask {
          for event in input {
            do {
              try await clock.sleep(until: MachineDriver.instant(event.step))
            } catch {
              return
            }
            switch event.event {
            case .value(let value): feed.yield(value)
            case .finish: feed.finish()
            case .failure: feed.finish(throwing: MarbleFailure())
            }
          }
        }
        group.addTask {
          func record(_ event: MarbleEvent) {
            received.record(TimedEvent(step: MachineDriver.step(of: clock.now), event: event))
          }
          do {
            for try await value in pacing(upstream, clock) {
              record(.value(value))
              if busySteps > 0 { try await clock.sleep(for: .seconds(busySteps)) }
            }
            if !Task.isCancelled { record(.finish) }
          } catch is MarbleFailure {
            record(.failure)
          } catch {}
        }
        await clock.advance(to: MachineDriver.instant(lastStep))
        group.cancelAll()
      }
      await expectNothingLeft(on: clock, sourceLocation: sourceLocation)
      return received.recorded
    }
  }

  /// Everything an operator started is over: no sleeper on the clock, no internal task alive.
  static func expectNothingLeft(
    on clock: TestClock, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await clock.settle()
    #expect(clock.pendingSleeperCount == 0, "sleepers left", sourceLocation: sourceLocation)
    #expect(
      clock.liveTaskCounter.liveCount == 0, "internal tasks left", sourceLocation: sourceLocation)
    #expect(clock.diagnostics.isEmpty, "\(clock.diagnostics)", sourceLocation: sourceLocation)
  }
}
