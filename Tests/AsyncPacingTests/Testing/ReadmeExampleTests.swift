import AsyncPacing
import Testing

/// The README's quick start, kept compiling and passing.
@Test func theReaderSeesEachKeystrokeAtItsInstant() async {
  await withTestClock { clock in
    let (keystrokes, typing) = AsyncStream.makeStream(of: String.self)
    async let user: Void = {
      try? await clock.sleep(for: .milliseconds(120))
      typing.yield("Sw")
      typing.finish()
    }()
    async let seen: [TestClock.Instant] = {
      var instants: [TestClock.Instant] = []
      for await _ in keystrokes { instants.append(clock.now) }
      return instants
    }()
    await clock.advance(by: .milliseconds(120))  // runs everything due up to +0.12s
    #expect(await seen == [.init(offset: .milliseconds(120))])
    await user
  }
}

/// The README's debounce test.
@Test func searchWaitsForAPause() async {
  await withTestClock { clock in
    let (queries, typing) = AsyncStream.makeStream(of: String.self)
    let searches = queries.debounce(for: .milliseconds(300), clock: clock)
    async let searched = searches.reduce(into: []) { $0.append($1) }
    typing.yield("S")
    await clock.advance(by: .milliseconds(100))
    typing.yield("Sw")
    await clock.advance(by: .milliseconds(299))  // not quiet long enough: "Sw" is replaced
    typing.yield("Swift")
    await clock.advance(by: .milliseconds(300))  // quiet: "Swift" is searched
    typing.finish()
    #expect(await searched == ["Swift"])
  }
}

/// The README's throttle snippets compile with the types they promise.
@Test func readmeThrottleSnippetsCompile() {
  let (events, _) = AsyncStream.makeStream(of: Int.self)
  let batches = events.throttle(for: .seconds(1)) { batch, event in (batch ?? []) + [event] }
  let latest = events.throttle(for: .milliseconds(100))
  #expect(type(of: batches) == AsyncThrottleSequence<AsyncStream<Int>, ContinuousClock, [Int]>.self)
  #expect(type(of: latest) == AsyncThrottleSequence<AsyncStream<Int>, ContinuousClock, Int>.self)
}

private enum Catalog {
  static func search(_ query: String) async -> [String] { [query] }
}

private struct Analytics {
  func record(scrollOffset: Double) async {}
}

private let analytics = Analytics()

private func pay() async {}

/// The README's pacer snippets, compiled and run on a test clock.
@MainActor private final class SearchModel {
  private(set) var results: [String] = []
  let clock: TestClock
  private lazy var search = Debouncer(
    for: .milliseconds(300), clock: clock, cancelsRunningAction: true
  ) { @MainActor [weak self] (query: String) in
    let found = await Catalog.search(query)
    self?.results = found
  }

  init(clock: TestClock) {
    self.clock = clock
  }

  func queryChanged(_ query: String) { search.send(query) }
  func returnPressed() { search.flush() }
  func escapePressed() { search.cancel() }
}

@MainActor @Test func readmePacerSnippets() async {
  let model = await withTestClock { clock in
    let model = await SearchModel(clock: clock)
    await model.queryChanged("Sw")
    await model.returnPressed()
    await clock.advance(by: .zero)
    #expect(await model.results == ["Sw"])
    await model.queryChanged("Swi")
    await model.escapePressed()
    await clock.advance(by: .seconds(1))
    #expect(await model.results == ["Sw"])
    return model
  }
  _ = model
  let track = Throttler(for: .milliseconds(250)) { (offset: Double) in
    await analytics.record(scrollOffset: offset)
  }
  let tap = Debouncer(for: .seconds(1), edges: .leading) { await pay() }
  track.cancel()
  tap.cancel()
}
