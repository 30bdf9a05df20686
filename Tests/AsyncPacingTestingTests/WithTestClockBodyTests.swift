import AsyncPacing
import AsyncPacingTesting
import Testing

/// `withTestClock` runs its body in a child task, and still takes it as a closure that need not
/// be `Sendable`, nor its result; it knows a `@MainActor` caller.
@Suite struct WithTestClockBodyTests {
  /// Not `Sendable`: a body that captures it is not `Sendable` either.
  final class Counter {
    var value = 0
  }

  @Test func aBodyThatIsNotSendableIsTaken() async {
    let counter = Counter()
    let counted = await withTestClock { clock in
      let tick = Debouncer(for: .seconds(1), clock: clock) {}
      tick()
      counter.value += 1
      await clock.advance(by: .seconds(1))
      return counter.value
    }
    #expect(counted == 1)
  }

  @Test func aResultThatIsNotSendableComesBack() async {
    let counter = await withTestClock { clock in
      let counter = Counter()
      try? await clock.sleep(for: .zero)
      counter.value = 7
      return counter
    }
    #expect(counter.value == 7)
  }

  @MainActor final class Screen {
    var title = "draft"
  }

  @MainActor @Test func aMainActorCallersActionIsSettled() async {
    let screen = Screen()
    await withTestClock { clock in
      let save = Debouncer(for: .seconds(1), clock: clock) { @MainActor in screen.title = "saved" }
      save()
      await clock.advance(by: .seconds(1))
    }
    #expect(screen.title == "saved")
  }

  /// The deprecated name runs the same lifecycle: a deprecated test may call it without a
  /// warning.
  @available(*, deprecated)
  @Test func theDeprecatedCheckedFormStillRuns() async {
    let moved = await withCheckedTestClock { clock in
      await clock.advance(by: .seconds(1))
      return clock.now
    }
    #expect(moved == TestClock.Instant(offset: .seconds(1)))
  }
}
