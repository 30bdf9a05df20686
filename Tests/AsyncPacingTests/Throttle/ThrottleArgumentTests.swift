import Testing

@testable import AsyncPacing

/// Misuse stops the program with a message that names the argument.
@Suite struct ThrottleArgumentTests {
  @Test func aNegativeIntervalIsRejected() async {
    await #expect(processExitsWith: .failure) {
      _ = ThrottleConfiguration(interval: Duration.seconds(-1), edges: [.leading, .trailing])
    }
  }

  @Test func emptyEdgesAreRejected() async {
    await #expect(processExitsWith: .failure) {
      _ = ThrottleConfiguration(interval: Duration.seconds(1), edges: [])
    }
  }
}
