import AsyncPacing
import AsyncPacingTesting
import Testing

/// The README's TestClock test, kept compiling and passing.
@Test func searchWaitsForAPause() async {
  await withTestClock { clock in
    let (queries, typing) = AsyncStream.makeStream(of: String.self)
    async let searched = queries.debounce(for: .milliseconds(300), clock: clock)
      .reduce(into: []) { $0.append($1) }
    typing.yield("Sw")
    await clock.advance(by: .milliseconds(299))  // not quiet long enough
    typing.yield("Swift")
    await clock.advance(by: .milliseconds(300))  // quiet: "Swift" is searched
    typing.finish()
    let searches = await searched
    #expect(searches == ["Swift"])
  }
}

/// The README's debounce and throttle snippets, compiled with the types they promise.
@Test func readmeSequenceSnippetsCompile() async {
  let (searchQueries, queries) = AsyncStream.makeStream(of: String.self)
  let (taps, tapping) = AsyncStream.makeStream(of: Void.self)
  let (edits, editing) = AsyncStream.makeStream(of: String.self)
  let (scrollOffsets, scrolling) = AsyncStream.makeStream(of: Double.self)
  let (events, happening) = AsyncStream.makeStream(of: Int.self)
  for feed in [queries.finish, tapping.finish, editing.finish, scrolling.finish, happening.finish] {
    feed()
  }

  for await query in searchQueries.debounce(for: .milliseconds(300)) {
    await search(query)
  }
  for await _ in taps.debounce(for: .seconds(1), edges: .leading) { await pay() }
  for await draft in edits.debounce(for: .seconds(1), maxWait: .seconds(5)) { await save(draft) }
  for await offset in scrollOffsets.throttle(for: .milliseconds(100)) {
    await prefetch(around: offset)
  }
  let batches = events.throttle(for: .seconds(1)) { batch, event in (batch ?? []) + [event] }
  for await batch in batches { await upload(batch) }
  #expect(type(of: batches) == AsyncThrottleSequence<AsyncStream<Int>, ContinuousClock, [Int]>.self)
}

/// The README's sample and per-element snippets, compiled with the element types they keep.
@Test func readmeSampleAndPerElementSnippetsCompile() async {
  let (sensorReadings, reading) = AsyncStream.makeStream(of: Double.self)
  let (searchQueries, querying) = AsyncStream.makeStream(of: String.self)
  let (logLines, logging) = AsyncStream.makeStream(of: LogLine.self)
  reading.finish()
  querying.finish()
  logging.finish()

  for await reading in sensorReadings.sample(every: .milliseconds(100)) { show(reading) }
  for await query in searchQueries.debounce(for: { $0.isEmpty ? .zero : .milliseconds(300) }) {
    await search(query)
  }
  for await line in logLines.throttle(for: { $0.isError ? .seconds(5) : .milliseconds(200) }) {
    show(line)
  }
}

private struct LogLine: Sendable {
  var isError: Bool
}

private func show(_ value: some Sendable) {}
private func search(_ query: String) async {}
private func save(_ draft: String) async {}
private func prefetch(around offset: Double) async {}
private func upload(_ batch: [Int]) async {}

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
  func scrollViewDidScroll(_ offset: Double) { track.send(offset) }
  scrollViewDidScroll(12)
  track.cancel()
}
