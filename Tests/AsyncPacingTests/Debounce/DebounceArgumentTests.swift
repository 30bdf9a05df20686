import Testing

@testable import AsyncPacing

/// Misuse stops the program with a message that names the API and the argument.
@Suite struct DebounceArgumentTests {
  @Test func aNegativeIntervalIsRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = DebounceConfiguration(interval: Duration.seconds(-1), edges: .trailing, maxWait: nil)
    }
    #expect(standardError(of: result).contains("debounce: `interval` must not be negative"))
  }

  @Test func emptyEdgesAreRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = DebounceConfiguration(interval: Duration.seconds(1), edges: [], maxWait: nil)
    }
    #expect(standardError(of: result).contains("debounce: `edges` must contain"))
  }

  @Test func unknownEdgesAreRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = DebounceConfiguration(
        interval: Duration.seconds(1), edges: PacingEdges(rawValue: 4), maxWait: nil)
    }
    #expect(
      standardError(of: result).contains(
        "debounce: `edges` has unknown options (PacingEdges(rawValue: 4))"))
  }

  @Test func aDebouncerNamesItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Debouncer(for: .seconds(1), edges: PacingEdges(rawValue: 6)) { (_: Int) in }
    }
    #expect(standardError(of: result).contains("Debouncer: `edges` has unknown options"))
  }

  @Test func maxWaitShorterThanTheIntervalIsRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = DebounceConfiguration(
        interval: Duration.seconds(2), edges: .trailing, maxWait: .seconds(1))
    }
    #expect(
      standardError(of: result).contains(
        "debounce: `maxWait` (1.0 seconds) must not be shorter than `interval` (2.0 seconds)"))
  }

  @Test func maxWaitWithoutTheTrailingEdgeIsRejected() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = DebounceConfiguration(
        interval: Duration.seconds(1), edges: .leading, maxWait: .seconds(2))
    }
    #expect(standardError(of: result).contains("debounce: `maxWait` needs the trailing edge"))
  }

  @Test func validArgumentsAreAccepted() {
    let configuration = DebounceConfiguration(
      interval: Duration.seconds(1), edges: [.leading, .trailing], maxWait: .seconds(1))
    #expect(configuration.maxWait == .seconds(1))
    #expect(
      DebounceConfiguration(interval: Duration.zero, edges: .leading, maxWait: nil).interval
        == .zero)
  }
}
