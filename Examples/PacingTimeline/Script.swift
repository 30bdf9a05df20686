/// One keystroke: the whole query after the key, and when it is typed, in milliseconds since
/// the replay started (at speed 1).
struct Keystroke: Sendable {
  let at: Int
  let query: String
}

/// Someone types "Swift mock": the first word quickly, a pause to think, the next word
/// started, a longer pause, then the rest in a fast burst.
enum Script {
  // The first keystroke comes a little after the start so every row is already listening.
  // The last letters are all different, so one letter names one query in the diagram.
  static let keystrokes: [Keystroke] = [
    Keystroke(at: 50, query: "S"),
    Keystroke(at: 170, query: "Sw"),
    Keystroke(at: 280, query: "Swi"),
    Keystroke(at: 420, query: "Swif"),
    Keystroke(at: 530, query: "Swift"),
    Keystroke(at: 1_180, query: "Swift "),
    Keystroke(at: 1_310, query: "Swift m"),
    Keystroke(at: 2_300, query: "Swift mo"),
    Keystroke(at: 2_370, query: "Swift moc"),
    Keystroke(at: 2_440, query: "Swift mock"),
  ]

  static var query: String { keystrokes.last?.query ?? "" }

  /// When the input finishes. It waits one interval after the last keystroke, and a little
  /// more, so the rows show their own trailing behaviour instead of the finish cutting it short.
  static func finish(intervalMs: Int) -> Int {
    (keystrokes.last?.at ?? 0) + intervalMs + 200
  }

  /// The one character that stands for a query in the diagram: the letter it adds.
  static func symbol(for query: String) -> Character {
    guard let last = query.last else { return "?" }
    return last == " " ? "_" : last
  }
}
