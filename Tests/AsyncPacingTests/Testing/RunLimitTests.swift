import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// A mistaken argument of the test clock's API fails the test, naming it, and the test runs on
/// with the default standing in: no mistake takes the run down. (The adversarial probe saw `-1`
/// accepted, and a report of "nothing in -1 advances".)
@Suite(.capturesIssues) struct RunLimitTests {
  @Test func aLimitOfZeroFailsTheTestByNameAndTheRunGoesOn() async {
    await expectIssues([
      "TestClock.run(maxAdvances:): `maxAdvances` must be greater than zero, got 0; 10000 "
        + "stands in."
    ]) {
      await withTestClock { clock in
        async let slept: Void? = try? clock.sleep(for: .seconds(1))
        await clock.run(maxAdvances: 0)
        #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
        _ = await slept
      }
    }
  }

  @Test func mistakenScopeArgumentsFailTheTestAndTheDefaultsStandIn() async {
    await expectIssues([
      "withTestClock: `progressTimeout` must be greater than zero, got 0.0 seconds; the "
        + "default, 5 seconds, stands in.",
      "withTestClock: `maxAdvancesWithoutProgress` must be greater than zero, got 0; the "
        + "default, 10000, stands in.",
    ]) {
      await withTestClock(
        advancing: .automatic(maxAdvancesWithoutProgress: 0), progressTimeout: .zero
      ) { clock in
        try? await clock.sleep(for: .seconds(1))
        #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
      }
    }
  }
}
