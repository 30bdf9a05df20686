import AsyncPacingTesting
import Testing

@testable import AsyncPacing
@testable import AsyncPacingTestClock

@MainActor private final class MainActorModel {
  var values: [Int] = []
}

/// Written in a `@MainActor` function: the closure literal is main-actor isolated, which is
/// why it may touch `model.values` synchronously at all.
@MainActor private func makeMainActorDebouncer(clock: TestClock, model: MainActorModel)
  -> Debouncer<Int>
{
  Debouncer(for: .seconds(1), clock: clock) { value in
    MainActor.assertIsolated()
    model.values.append(value)
  }
}

/// Written in a nonisolated function: the closure literal runs off the main actor, here on
/// the test executor where the pacer's task runs.
private func makeNonisolatedThrottler(clock: TestClock, ranOnTestExecutor: Recorder<Bool>)
  -> Throttler<Int>
{
  Throttler(for: .seconds(1), clock: clock) { _ in
    ranOnTestExecutor.record(clock.testExecutor?.isCurrent == true)
  }
}

/// The pattern of the `Debouncer` documentation: created in a main-actor initializer, the
/// closure literal is main-actor isolated without saying so.
@MainActor private final class SearchModel {
  private(set) var results: [String] = []
  private var search: Debouncer<String>?

  init(clock: TestClock) {
    search = Debouncer(for: .milliseconds(300), clock: clock) { [weak self] query in
      MainActor.assertIsolated()
      self?.results = [query.uppercased()]
    }
  }

  func queryChanged(_ query: String) { search?.send(query) }
}

@Suite(.testClock) struct PacerIsolationTests {
  @MainActor @Test func aClosureWrittenInAMainActorInitializerRunsOnTheMainActor() async {
    let clock = TestClock.current
    let model = SearchModel(clock: clock)
    model.queryChanged("swift")
    await clock.advance(by: .milliseconds(300))
    #expect(model.results == ["SWIFT"])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @MainActor @Test func anActionWrittenOnTheMainActorRunsThere() async {
    let clock = TestClock.current
    let model = MainActorModel()
    let debouncer = makeMainActorDebouncer(clock: clock, model: model)
    debouncer.send(1)
    debouncer.send(2)
    await clock.advance(by: .seconds(1))
    #expect(model.values == [2])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func aNonisolatedActionRunsOffTheMainActor() async {
    let clock = TestClock.current
    let ranOnTestExecutor = Recorder<Bool>()
    let throttler = makeNonisolatedThrottler(clock: clock, ranOnTestExecutor: ranOnTestExecutor)
    throttler.send(1)
    await clock.advance(by: .seconds(1))
    #expect(ranOnTestExecutor.recorded == [true])
    await OperatorHarness.expectNothingLeft(on: clock)
  }
}
