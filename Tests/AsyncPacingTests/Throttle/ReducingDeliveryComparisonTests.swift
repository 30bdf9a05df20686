import AsyncPacing
import AsyncPacingTesting
import Testing

/// The reducing throttle with a busy consumer on a ``TestClock``, against the reference model
/// of the accumulation rule (<doc:PacingContract>, "Delivery to the consumer"), on random
/// schedules and random consumers; and, independently of any model, every element reaches the
/// consumer exactly once.
@Suite struct ReducingDeliveryComparisonTests {
  static let edgeOptions: [PacingEdges] = [[.leading, .trailing], .trailing, .leading]

  @Test func theOperatorWithABusyConsumerMatchesTheModel() async {
    await ModelComparison.compare(seed: 37_000, runs: RandomSchedules.scenarioCount) { random in
      let interval = Int(random.next() % 5)
      let input = RandomSchedules.make(interval: interval, using: &random)
      let edges = Self.edgeOptions[Int(random.next() % 3)]
      let busySteps = 1 + Int(random.next() % 6)
      let expected = ReducingDeliveryModel.run(
        input, interval: interval, edges: edges, busySteps: busySteps)
      let actual = await Self.received(
        input, interval: interval, edges: edges, busySteps: busySteps)
      var run = ModelRun(
        subject: "throttle(\(interval), edges: \(edges), reducing: +, consumer: \(busySteps)+)",
        input: input, expected: expected, actual: actual, outputsAreDrawable: false)
      if let lost = Self.elementsNotReceivedOnce(input, actual, edges: edges) {
        run.brokenPromise = "not every element reached the consumer once: \(lost)"
      }
      return run
    }
  }

  /// What the consumer of `throttle(for: interval, edges:, reducing: +)` receives over `input`,
  /// busy for `busySteps` steps and a thousandth after each value, at the thousandth of a step
  /// it receives it.
  static func received(
    _ input: [TimedEvent], interval: Int, edges: PacingEdges, busySteps: Int
  ) async -> [TimedEvent] {
    await withTestClock { clock in
      let upstream = clock.marbles(Marble.render(input), step: .seconds(1))
      let throttled = upstream.throttle(for: .seconds(interval), clock: clock, edges: edges) {
        (batch: String?, element) in (batch ?? "") + element
      }
      let start = clock.now
      let units = { () -> Int in
        let elapsed = start.duration(to: clock.now).components
        return Int(elapsed.seconds) * ReducingDeliveryModel.unitsPerStep
          + Int(elapsed.attoseconds / 1_000_000_000_000_000)
      }
      let consumer = Task(executorPreference: clock.taskExecutor) { () -> [TimedEvent] in
        var received: [TimedEvent] = []
        do {
          for try await batch in throttled {
            received.append(TimedEvent(step: units(), event: .value(batch)))
            try? await clock.sleep(for: .seconds(busySteps) + .milliseconds(1))
          }
          if !Task.isCancelled { received.append(TimedEvent(step: units(), event: .finish)) }
        } catch {
          received.append(TimedEvent(step: units(), event: .failure))
        }
        return received
      }
      await clock.run()
      consumer.cancel()
      return await consumer.value
    }
  }

  /// With a trailing edge, and unless a failure dropped a candidate, the batches received are
  /// the elements in order, each once: `nil` if so, else what differs.
  static func elementsNotReceivedOnce(
    _ input: [TimedEvent], _ received: [TimedEvent], edges: PacingEdges
  ) -> String? {
    guard edges.contains(.trailing), !input.contains(where: { $0.event == .failure }) else {
      return nil
    }
    let sent = input.compactMap { if case .value(let v) = $0.event { v } else { nil } }.joined()
    let got = received.compactMap { if case .value(let v) = $0.event { v } else { nil } }.joined()
    return sent == got ? nil : "sent \(sent), received \(got)"
  }
}
