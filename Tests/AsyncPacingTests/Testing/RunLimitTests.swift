import AsyncPacing
import AsyncPacingTesting
import Testing

/// `TestClock.run(maxAdvances:)` refuses a limit that allows no advance, naming the argument
/// (the adversarial probe saw `-1` accepted, and a report of "nothing in -1 advances").
@Suite struct RunLimitTests {
  @Test func aLimitOfZeroIsRefusedByName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withTestClock { clock in await clock.run(maxAdvances: 0) }
    }
    #expect(
      standardError(of: result).contains(
        "TestClock.run(maxAdvances:): `maxAdvances` must be greater than zero, got 0"))
  }
}
