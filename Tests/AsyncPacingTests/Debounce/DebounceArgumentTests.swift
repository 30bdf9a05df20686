import Testing

@testable import AsyncPacing

/// Misuse stops the program with a message that names the argument.
@Suite struct DebounceArgumentTests {
  @Test func aNegativeIntervalIsRejected() async {
    await #expect(processExitsWith: .failure) {
      _ = DebounceConfiguration(interval: Duration.seconds(-1), edges: .trailing, maxWait: nil)
    }
  }

  @Test func emptyEdgesAreRejected() async {
    await #expect(processExitsWith: .failure) {
      _ = DebounceConfiguration(interval: Duration.seconds(1), edges: [], maxWait: nil)
    }
  }

  @Test func maxWaitShorterThanTheIntervalIsRejected() async {
    await #expect(processExitsWith: .failure) {
      _ = DebounceConfiguration(
        interval: Duration.seconds(2), edges: .trailing, maxWait: .seconds(1))
    }
  }

  @Test func maxWaitWithoutTheTrailingEdgeIsRejected() async {
    await #expect(processExitsWith: .failure) {
      _ = DebounceConfiguration(
        interval: Duration.seconds(1), edges: .leading, maxWait: .seconds(2))
    }
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
