import AsyncPacing
import AsyncPacingTesting
import Testing

/// A view-model-like type of the kind app code is written with.
@MainActor private final class Greeter {
  private(set) var shown: [String] = []

  func greetTwice(clock: some Clock<Duration>) async {
    try? await clock.sleep(for: .seconds(1))
    shown.append("hello")
    try? await clock.sleep(for: .seconds(1))
    shown.append("again")
  }

  private(set) var escaped: Task<Void, Never>?

  func greetInAnUnstructuredTask(clock: some Clock<Duration>) {
    escaped = Task { await greetTwice(clock: clock) }
  }
}

@Suite struct TestClockMainActorTests {
  @MainActor @Test(arguments: 0..<50)
  func mainActorWorkReachedFromTheTestSettlesExactly(run: Int) async {
    let greeter = Greeter()
    // Plain form: before Swift 6.3, or off Linux, the main actor is settled because the caller of
    // withTestClock is on it, an isolation the trait does not see.
    let seen: ([String], [String], [String]) = await withTestClock { clock in
      async let greeting: Void = greeter.greetTwice(clock: clock)
      await clock.advance(by: .milliseconds(999))
      let before = await greeter.shown
      await clock.advance(by: .milliseconds(1))
      let first = await greeter.shown
      await clock.advance(by: .seconds(1))
      let second = await greeter.shown
      await greeting
      #expect(clock.diagnostics.isEmpty)
      return (before, first, second)
    }
    #expect(seen.0 == [])
    #expect(seen.1 == ["hello"])
    #expect(seen.2 == ["hello", "again"])
  }

  #if compiler(>=6.3) && canImport(Glibc)  // the main actor observed: see the contract
    /// A `Task {}` that main-actor code starts runs on the main actor, which the clock settles:
    /// no escape, no diagnostic.
    @MainActor @Test(.testClock) func aTaskMainActorCodeStartsIsSettled() async {
      let clock = TestClock.current
      let greeter = Greeter()
      greeter.greetInAnUnstructuredTask(clock: clock)
      await clock.advance(by: .seconds(1))
      let first = greeter.shown
      await clock.advance(by: .seconds(1))
      let second = greeter.shown
      await greeter.escaped?.value
      #expect(first == ["hello"])
      #expect(second == ["hello", "again"])
      #expect(clock.diagnostics.isEmpty)
    }
  #endif
}
