import AsyncPacing
import AsyncPacingTesting
import Testing

/// One of a peer's cases for `timeout(after:clock:)` or its `continuingWith:` form, as marble
/// diagrams: the source (and fallback), the interval, what comes out, and how the diagrams'
/// iterations went. A table of these stands for a peer's spec file, each row named after the
/// case it copies.
struct TimeoutMarbleCase: Sendable, CustomTestStringConvertible {
  /// An iteration of a diagram, in steps.
  typealias Iteration = (started: Int, ended: Int, ending: MarbleIteration.Ending)

  var name: String
  var source: String
  var interval: Duration
  var fallback: String?
  /// The timeout sits between two `map`s, for the peers' cases about unsubscription chains.
  var throughMaps: Bool
  var cancelledAt: Int?
  var expected: String
  /// `nil` where the peer's case says nothing of them.
  var sourceIterations: [Iteration]?
  var fallbackIterations: [Iteration]?
  var step: Duration
  /// The row, so that a failing case points at its line of the table.
  var sourceLocation: SourceLocation

  init(
    _ name: String, source: String, after interval: Duration, fallback: String? = nil,
    throughMaps: Bool = false, cancelledAt: Int? = nil, draws expected: String,
    sourceIterations: [Iteration]? = nil, fallbackIterations: [Iteration]? = nil,
    step: Duration = .seconds(1), sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.name = name
    self.source = source
    self.interval = interval
    self.fallback = fallback
    self.throughMaps = throughMaps
    self.cancelledAt = cancelledAt
    self.expected = expected
    self.sourceIterations = sourceIterations
    self.fallbackIterations = fallbackIterations
    self.step = step
    self.sourceLocation = sourceLocation
  }

  var testDescription: String { name }

  /// Plays the case on the current test clock and checks it; returns the fallback's diagram,
  /// if any, for a test that checks more of it.
  @discardableResult
  func check() async -> MarbleSequence<String>? {
    let clock = TestClock.current
    let source = clock.marbles(source, step: step, sourceLocation: sourceLocation)
    let fallback = fallback.map { clock.marbles($0, step: step, sourceLocation: sourceLocation) }
    let drawn: String
    switch (fallback, throughMaps) {
    case (nil, false):
      drawn = await draw(source.timeout(after: interval, clock: clock), on: clock)
    case (nil, true):
      drawn = await draw(
        source.map { $0 }.timeout(after: interval, clock: clock).map { $0 }, on: clock)
    case (let fallback?, false):
      drawn = await draw(
        source.timeout(after: interval, clock: clock, continuingWith: fallback), on: clock)
    case (let fallback?, true):
      drawn = await draw(
        source.map { $0 }.timeout(after: interval, clock: clock, continuingWith: fallback)
          .map { $0 }, on: clock)
    }
    #expect(drawn == expected, sourceLocation: sourceLocation)
    #expect(clock.pendingSleeperCount == 0, "sleepers left", sourceLocation: sourceLocation)
    expect(source, iterated: sourceIterations)
    if let fallback { expect(fallback, iterated: fallbackIterations) }
    return fallback
  }

  private func draw<Timed: AsyncSequence & Sendable>(_ timed: Timed, on clock: TestClock) async
    -> String
  {
    await clock.marbles(
      of: timed, step: step, cancelledAt: cancelledAt, sourceLocation: sourceLocation)
  }

  private func expect(_ diagram: MarbleSequence<String>, iterated expected: [Iteration]?) {
    guard let expected else { return }
    let iterations = expected.map { marbleIteration($0.started, $0.ended, $0.ending, unit: step) }
    #expect(diagram.iterations == iterations, sourceLocation: sourceLocation)
  }
}
