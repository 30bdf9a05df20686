import AsyncPacing
import AsyncPacingTesting
import Foundation  // ProcessInfo: the only way to read the run count from the environment

/// The shape the Migrating guide recommends for `.task { await model.bind(to:) }`: a main-actor
/// view model that loops over a debounced stream and publishes what it found.
@MainActor final class SearchViewModel {
  private(set) var results: [String] = []
  private(set) var binding: Task<Void, Never>?
  private let clock: TestClock

  init(clock: TestClock) {
    self.clock = clock
  }

  func bind(to queries: AsyncStream<String>) async {
    for await query in queries.debounce(
      for: { $0.isEmpty ? .zero : .milliseconds(300) }, clock: clock)
    {
      results = query.isEmpty ? [] : ["\(query) 1", "\(query) 2"]
    }
  }

  /// A view model that starts its own loop, as `onAppear` code does.
  func startBinding(to queries: AsyncStream<String>) {
    binding = Task { await self.bind(to: queries) }
  }
}

/// How many times each main-actor exactness test runs: `ASYNCPACING_MAIN_ACTOR_RUNS`, or a
/// default that keeps `swift test` quick. The closing note's 1,000 runs set it.
enum MainActorRuns {
  static var count: Int {
    ProcessInfo.processInfo.environment["ASYNCPACING_MAIN_ACTOR_RUNS"].flatMap { Int($0) } ?? 20
  }
}

/// Main-actor code that hands itself back to the main queue `times` times before it sleeps.
@MainActor final class RequeueingWork {
  private(set) var finishedAt: TestClock.Instant?

  func run(requeueing times: Int, clock: TestClock) async {
    for _ in 0..<times { await Task.yield() }
    try? await clock.sleep(for: .seconds(1))
    finishedAt = clock.now
  }
}
