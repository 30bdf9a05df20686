import AsyncPacing
import AsyncPacingTesting
import Testing

/// `withCheckedTestClock` takes its body as `withTestClock` does, without requiring it to be
/// `Sendable`, and knows a `@MainActor` caller.
@Suite struct CheckedTestClockTests {
  /// Not `Sendable`: a body that captures it is not `Sendable` either.
  final class Counter {
    var value = 0
  }

  @Test func aBodyThatIsNotSendableIsTaken() async {
    let counter = Counter()
    let counted = await withCheckedTestClock { clock in
      let tick = Debouncer(for: .seconds(1), clock: clock) {}
      tick()
      counter.value += 1
      await clock.advance(by: .seconds(1))
      return counter.value
    }
    #expect(counted == 1)
  }

  @MainActor final class Screen {
    var title = "draft"
  }

  @MainActor @Test func aMainActorCallersActionIsSettled() async {
    let screen = Screen()
    await withCheckedTestClock { clock in
      let save = Debouncer(for: .seconds(1), clock: clock) { @MainActor in screen.title = "saved" }
      save()
      await clock.advance(by: .seconds(1))
    }
    #expect(screen.title == "saved")
  }
}
