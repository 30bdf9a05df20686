import AsyncPacing
import AsyncPacingTesting
import Testing

/// `withCheckedTestClock` takes its body as `withTestClock` does: neither it nor its result need
/// be `Sendable`, and it knows a `@MainActor` caller.
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

  @Test func aResultThatIsNotSendableComesBack() async {
    let counter = await withCheckedTestClock { clock in
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
    await withCheckedTestClock { clock in
      let save = Debouncer(for: .seconds(1), clock: clock) { @MainActor in screen.title = "saved" }
      save()
      await clock.advance(by: .seconds(1))
    }
    #expect(screen.title == "saved")
  }
}
