/// Someone typing into the search field: quick keystrokes, two pauses, then a correction.
enum Typist {
  /// Each edit with the pause before it, in milliseconds; people pause before a result they
  /// want to see, not between letters.
  static let script: [(pause: Int, query: String)] = [
    (150, "s"), (120, "sw"), (110, "swi"),
    (500, "swif"), (90, "swift"),
    (450, "swif"), (80, "swi"), (80, "sw"), (150, "swe"), (120, "swea"),
  ]

  static var finalQuery: String { script.last!.query }

  @MainActor static func type(into model: SearchModel, log: (String) -> Void) async {
    for (pause, query) in script {
      try? await Task.sleep(for: .milliseconds(pause))
      model.query = query
      log("typed  \"\(query)\"")
    }
  }
}
