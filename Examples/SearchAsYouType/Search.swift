/// The words that match a query, in display order, and how many matched in all.
struct Matches: Sendable, Equatable {
  var shown: [String] = []
  var total = 0
}

/// A stand-in for a slow search backend: it answers after a fixed latency, long enough that a
/// person typing can overtake it, which is what makes `cancelsRunningAction` worth having.
enum Search {
  static let latencyMilliseconds = 700
  static let latency: Duration = .milliseconds(latencyMilliseconds)
  static let limit = 8

  /// Waits out the latency, then matches. Cancellation stops it without producing results, as a
  /// cancelled network request would.
  static func run(_ query: String) async throws -> Matches {
    try await Task.sleep(for: latency)
    // The sleep may finish just as the task is cancelled; a cancelled search still reports none.
    try Task.checkCancellation()
    return matches(for: query)
  }

  /// Prefix matches come first because they are what a person typing a word is usually after;
  /// words that merely contain the query follow.
  static func matches(for query: String) -> Matches {
    let needle = query.lowercased()
    let prefixed = words.filter { $0.hasPrefix(needle) }
    let containing = words.filter { !$0.hasPrefix(needle) && $0.contains(needle) }
    let all = prefixed + containing
    return Matches(shown: Array(all.prefix(limit)), total: all.count)
  }
}
