import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// What a shell keeps of its clock's host (`PacingHostLink`): nothing for a clock that is no
/// host, or an erased clock that passes none on, so that its work allocates no link.
@Suite struct PacingHostLinkTests {
  @Test func aRealClockHasNoLink() {
    #expect(PacingTimebase(clock: ContinuousClock(), tolerance: nil).hostLink == nil)
    #expect(PacingTimebase(clock: SuspendingClock(), tolerance: nil).hostLink == nil)
  }

  @Test func anErasedRealClockHasNoLinkEither() {
    let erased = AnyClock(ContinuousClock())
    #expect(PacingTimebase(clock: erased, tolerance: nil).hostLink == nil)
    #expect(PacingTimebase(clock: AnyClock(erased), tolerance: nil).hostLink == nil)
  }

  @Test(.testClock) func aTestClockIsLinkedDirectlyOrErased() {
    let clock = TestClock.current
    for timebase in [
      PacingTimebase(clock: AnyClock(clock), tolerance: nil).hostLink,
      PacingTimebase(clock: AnyClock(AnyClock(clock)), tolerance: nil).hostLink,
    ] {
      #expect(timebase?.sleepsUntilAnyDeadline == true)
      #expect(timebase?.preferredTaskExecutor != nil)
    }
    let direct = PacingTimebase(clock: clock, tolerance: nil)
    #expect(direct.host as? TestClock === clock)
    #expect(direct.longestSleep == nil)
  }
}
