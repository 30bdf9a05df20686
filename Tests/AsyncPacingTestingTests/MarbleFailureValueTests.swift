import AsyncPacingTesting
import Testing

/// `MarbleFailure` carries the value a diagram's error names: failures with different values
/// are different, and say so.
@Suite struct MarbleFailureValueTests {
  @Test func aValueIsPartOfTheFailure() {
    #expect(MarbleFailure(step: 2) == MarbleFailure(step: 2, value: nil))
    #expect(MarbleFailure(step: 2, value: "offline") != MarbleFailure(step: 2, value: "timeout"))
    #expect(MarbleFailure(step: 2, value: "offline") != MarbleFailure(step: 2))
    #expect("\(MarbleFailure(step: 2, value: "offline"))" == "MarbleFailure \"offline\" at step 2")
    #expect("\(MarbleFailure(step: 2))" == "MarbleFailure at step 2")
  }
}
