import AsyncPacing

/// The state behind a search field: it searches once typing pauses for 300 ms.
///
/// It takes its clock so that tests inject a `TestClock` and run the timeline without waiting.
@MainActor public final class SearchViewModel {
  public private(set) var query = ""
  public private(set) var results: [String] = []
  public private(set) var isSearching = false

  private let service: any SearchService
  // Optional only because the action captures `self`, which `init` may use once every stored
  // property is set.
  private var search: Debouncer<String>?

  public init(service: any SearchService, clock: some Clock<Duration> = ContinuousClock()) {
    self.service = service
    // Written in a main-actor initializer, the action runs on the main actor. A newer query
    // that settles cancels the running search, so a slow stale answer cannot land last.
    search = Debouncer(for: .milliseconds(300), clock: clock, cancelsRunningAction: true) {
      [weak self] query in
      await self?.run(query)
    }
  }

  /// Call on every keystroke; cheap, and the search waits for a pause.
  public func queryChanged(_ query: String) {
    self.query = query
    search?.send(query)
  }

  /// Return: search the pending query now instead of waiting for the pause.
  public func returnPressed() {
    search?.flush()
  }

  /// Esc: the pending query is never searched, and a running search stops.
  public func escapePressed() {
    search?.cancel()
  }

  private func run(_ query: String) async {
    isSearching = true
    defer { isSearching = false }
    do {
      let found = try await service.search(query)
      // A service that ignores cancellation still returns; its answer is stale all the same.
      guard !Task.isCancelled else { return }
      results = found
    } catch {
      // Cancelled: a newer query took over. Failed: keep the last results on screen.
    }
  }
}
