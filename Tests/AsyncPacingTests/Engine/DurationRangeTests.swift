import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The operators against the reference models over the whole `Duration` range: zero, tiny,
/// typical and near the longest, for the interval, `maxWait` and `tolerance` (<doc:PacingContract>,
/// "Time that never comes"). The models count in `Int` steps and saturate as the machines do,
/// which matches `Duration` exactly when a step is 2⁶⁴ attoseconds: `Int.max` steps is then
/// within one step of the longest `Duration`.
@Suite struct DurationRangeTests {
  struct Scale: Sendable, CustomTestStringConvertible {
    let step: Duration
    /// Interval lengths in steps to draw from.
    let lengths: [Int]
    var testDescription: String { "steps of \(step.attoseconds) as" }

    func randomLength(using random: inout SplitMix64) -> Int {
      lengths[Int(random.next() % UInt64(lengths.count))]
    }
  }

  static let scales = [
    // Tiny and typical: one attosecond to a few.
    Scale(step: Duration(attoseconds: 1), lengths: [0, 1, 2, 3, 5]),
    // Typical (about 18 s a step) and near the longest Duration.
    Scale(
      step: Duration(attoseconds: 1 << 64),
      lengths: [0, 1, 3, .max, .max - 1, .max - 3, .max - 8]),
  ]

  /// Tolerances are handed to the clock (a `TestClock` ignores them): none may crash.
  static let tolerances: [Duration?] = [
    nil, .zero, Duration(attoseconds: 1), .seconds(1), .seconds(Int64.max),
    Duration(attoseconds: .max),
  ]

  @Test(arguments: scales)
  func debounceMatchesTheSaturatingModel(scale: Scale) async {
    await ModelComparison.compare(seed: 19, runs: RandomSchedules.scenarioCount) { random in
      let interval = scale.randomLength(using: &random)
      let edges = Self.randomEdges(using: &random)
      let longer = scale.lengths.filter { $0 >= interval }
      let maxWait =
        edges.contains(.trailing) && random.next() % 2 == 0
        ? longer[Int(random.next() % UInt64(longer.count))] : nil
      let tolerance = Self.tolerances[Int(random.next() % UInt64(Self.tolerances.count))]
      let input = RandomSchedules.make(interval: 2, using: &random)
      let actual = await Self.run(input, step: scale.step) { upstream, clock in
        upstream.debounce(
          for: scale.step.times(interval), tolerance: tolerance, edges: edges,
          maxWait: maxWait.map { scale.step.times($0) }, clock: clock)
      }
      return ModelRun(
        subject: "debounce(\(interval) steps, edges: \(edges), maxWait: "
          + "\(maxWait.map(String.init) ?? "nil"), tolerance: \(String(describing: tolerance)))",
        input: input,
        expected: DebounceModel.run(input, interval: interval, edges: edges, maxWait: maxWait),
        actual: actual, outputsAreDrawable: false)
    }
  }

  @Test(arguments: scales)
  func throttleMatchesTheSaturatingModel(scale: Scale) async {
    await ModelComparison.compare(seed: 1919, runs: RandomSchedules.scenarioCount) { random in
      let interval = scale.randomLength(using: &random)
      let edges = Self.randomEdges(using: &random)
      let latest = random.next() % 2 == 0
      let input = RandomSchedules.make(interval: 2, using: &random)
      let actual = await Self.run(input, step: scale.step) { upstream, clock in
        upstream.throttle(
          for: scale.step.times(interval), clock: clock, latest: latest, edges: edges)
      }
      return ModelRun(
        subject: "throttle(\(interval) steps, latest: \(latest), edges: \(edges))", input: input,
        expected: ThrottleModel.run(
          input, interval: interval, fold: latest ? .latest : .first, edges: edges),
        actual: actual, outputsAreDrawable: false)
    }
  }

  static func randomEdges(using random: inout SplitMix64) -> PacingEdges {
    [.trailing, .leading, [.leading, .trailing]][Int(random.next() % 3)]
  }

  typealias Upstream = AsyncThrowingStream<String, any Error>
  struct UpstreamFailure: Error {}

  /// Plays `input` at its steps of `step` into the sequence `pacing` makes, then lets the
  /// clock run every deadline left, however far; returns what a waiting consumer receives, in
  /// steps.
  static func run<Paced: AsyncSequence & Sendable>(
    _ input: [TimedEvent], step: Duration,
    _ pacing: @Sendable (Upstream, TestClock) -> Paced
  ) async -> [TimedEvent] where Paced.Element == String {
    // Plain form: a fresh clock for each scenario, and a test runs many.
    return await withTestClock { clock in
      let (upstream, feed) = Upstream.makeStream()
      let paced = pacing(upstream, clock)
      let received = Recorder<TimedEvent>()
      await withTaskGroup { group in
        group.addTask {
          func record(_ event: StepEvent) {
            let (steps, rest) = clock.now.offset.attoseconds.quotientAndRemainder(
              dividingBy: step.attoseconds)
            precondition(rest == 0, "an output between steps, at \(clock.now)")
            received.record(TimedEvent(step: Int(steps), event: event))
          }
          do {
            for try await value in paced { record(.value(value)) }
            record(.finish)
          } catch {
            record(.failure)
          }
        }
        for timed in input {
          await clock.advance(to: TestClock.Instant(offset: step.times(timed.step)))
          switch timed.event {
          case .value(let value): feed.yield(value)
          case .finish: feed.finish()
          case .failure: feed.finish(throwing: UpstreamFailure())
          }
        }
        await clock.run()
        // An open upstream: what is still pending never comes, as in the model.
        group.cancelAll()
      }
      let events = received.recorded
      let ended = input.last.map { $0.event == .finish || $0.event == .failure } ?? false
      return ended ? events : events.filter { $0.event != .finish }
    }
  }
}

extension Duration {
  /// `self × count`: exact for the scales here, where `Int.max` steps of 2⁶⁴ attoseconds still
  /// fit.
  fileprivate func times(_ count: Int) -> Duration {
    Duration(attoseconds: attoseconds * Int128(count))
  }
}
