import AsyncPacing
import AsyncPacingTesting

/// A clock-driven pipeline: a producer sleeps and yields into an `AsyncStream`, a consumer
/// records what arrives and when. Exact means every element at its exact instant.
func pipelineRunIsExact(advancing: TestClock.Advancing = .manual) async -> Bool {
  await withTestClock(advancing: advancing) { clock in
    let (numbers, input) = AsyncStream.makeStream(of: Int.self)
    async let producer: Void = {
      for number in 1...5 {
        try? await clock.sleep(for: .milliseconds(100 * number))
        input.yield(number)
      }
      input.finish()
    }()
    async let received: [Duration] = {
      var instants: [Duration] = []
      for await _ in numbers { instants.append(clock.now.offset) }
      return instants
    }()
    var sleepingBeforeTheLast = true
    if advancing == .manual {
      await clock.advance(by: .milliseconds(999))
      sleepingBeforeTheLast = clock.pendingSleeperCount == 1
      await clock.advance(by: .milliseconds(501))
    }
    let instants = await received
    await producer
    let expected: [Duration] = [100, 300, 600, 1000, 1500].map { .milliseconds($0) }
    return sleepingBeforeTheLast && instants == expected && clock.pendingSleeperCount == 0
      && clock.diagnostics.isEmpty
  }
}

@MainActor private final class Greeter {
  var shown: [String] = []
  var shownAt: [TestClock.Instant] = []

  func greetTwice(clock: TestClock) async {
    try? await clock.sleep(for: .seconds(1))
    shown.append("hello")
    shownAt.append(clock.now)
    try? await clock.sleep(for: .seconds(1))
    shown.append("again")
    shownAt.append(clock.now)
  }
}

/// Main-actor work reached from the test's own task, observed after each step.
@MainActor func mainActorRunIsExact() async -> Bool {
  let greeter = Greeter()
  return await withTestClock { clock in
    async let greeting: Void = greeter.greetTwice(clock: clock)
    await clock.advance(by: .milliseconds(999))
    let before = await greeter.shown
    await clock.advance(by: .milliseconds(1))
    let first = await greeter.shown
    await clock.advance(by: .seconds(1))
    let second = await greeter.shown
    await greeting
    return before == [] && first == ["hello"] && second == ["hello", "again"]
      && clock.diagnostics.isEmpty
  }
}

/// The same main-actor work, advanced automatically: awaited at once, it ends at its instant.
@MainActor func mainActorRunIsExactAdvancedAutomatically() async -> Bool {
  let greeter = Greeter()
  return await withTestClock(advancing: .automatic) { clock in
    await greeter.greetTwice(clock: clock)
    let (shown, shownAt) = await (greeter.shown, greeter.shownAt)
    return shown == ["hello", "again"]
      && shownAt == [.init(offset: .seconds(1)), .init(offset: .seconds(2))]
      && clock.diagnostics.isEmpty
  }
}
