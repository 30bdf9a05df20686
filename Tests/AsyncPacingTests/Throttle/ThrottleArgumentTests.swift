import Testing

@testable import AsyncPacing

/// Misuse stops the program with a message that names the API and the argument.
@Suite struct ThrottleArgumentTests {
  @Test func aNegativeIntervalIsRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ThrottleConfiguration(interval: Duration.seconds(-1), edges: [.leading, .trailing])
    }
    #expect(standardError(of: result).contains("throttle: `interval` must not be negative"))
  }

  @Test func emptyEdgesAreRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ThrottleConfiguration(interval: Duration.seconds(1), edges: [])
    }
    #expect(standardError(of: result).contains("throttle: `edges` must contain"))
  }

  @Test func unknownEdgesAreRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = ThrottleConfiguration(interval: Duration.seconds(1), edges: PacingEdges(rawValue: 5))
    }
    #expect(standardError(of: result).contains("throttle: `edges` has unknown options"))
  }

  @Test func aThrottlerNamesItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Throttler(for: .seconds(-1)) { (_: Int) in }
    }
    #expect(standardError(of: result).contains("Throttler: `interval` must not be negative"))
  }
}
