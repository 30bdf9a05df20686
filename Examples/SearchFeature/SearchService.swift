/// Finds the results for a query: a network call in an app, a fake in tests.
///
/// Implementations should stop early when their task is cancelled (throwing
/// `CancellationError`): the view model cancels the search for a query that a newer one replaced.
public protocol SearchService: Sendable {
  func search(_ query: String) async throws -> [String]
}
