import Observation

/// What a search screen shows: the text field's query and the words that match it.
@Observable @MainActor final class SearchModel {
  var query = ""
  var results: [String] = []
}

/// A stand-in for a search backend: a tiny word list.
enum WordList {
  static let words = [
    "swift", "swiftui", "switch", "sweater", "sweden", "swim", "observation", "observable",
    "debounce", "throttle",
  ]

  static func search(_ query: String) -> [String] {
    words.filter { $0.hasPrefix(query) }
  }
}
