import AsyncPacing
import AsyncPacingTesting
import SearchFeature
import Synchronization

/// A search backend that answers from a word list after a delay measured on the test clock.
final class FakeSearchService: SearchService {
  static let words = ["swift", "swiftui", "switch", "sweater", "rust"]

  private let clock: TestClock
  private let delays: [String: Duration]
  private let searched = Mutex<[String]>([])

  /// - Parameter delays: how long each query takes; unlisted queries answer at once.
  init(clock: TestClock, delays: [String: Duration] = [:]) {
    self.clock = clock
    self.delays = delays
  }

  /// Every query the view model asked for, in order, including cancelled ones.
  var queries: [String] { searched.withLock { $0 } }

  func search(_ query: String) async throws -> [String] {
    searched.withLock { $0.append(query) }
    // A real request stops when cancelled; the clock's sleep throws CancellationError then.
    try await clock.sleep(for: delays[query] ?? .zero)
    return Self.words.filter { $0.hasPrefix(query) }
  }
}
