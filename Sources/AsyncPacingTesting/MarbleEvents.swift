/// One thing that happens in a marble diagram.
enum MarbleEvent: Hashable, Sendable {
  /// An element, by the symbol that draws it (`a`, or `ab` for `'ab'`).
  case element(String)
  case finish
  case failure
}

/// An event at a step of a diagram; two are equal when step and event are, wherever they
/// were written.
struct MarbleStepEvent: Hashable, Sendable {
  var step: Int
  var event: MarbleEvent
  /// Where the event is written in its diagram (0 for one not parsed from text).
  var offset = 0

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.step == rhs.step && lhs.event == rhs.event
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(step)
    hasher.combine(event)
  }
}

/// Why a text is not a marble diagram, and where: the offset counts characters from 0.
struct MarbleSyntaxError: Error, CustomStringConvertible {
  var diagram: String
  var offset: Int
  var problem: String

  var description: String {
    "marble diagram \(Self.quoting(diagram, around: offset)): \(problem) at offset \(offset)"
  }

  /// How many characters of a diagram an issue quotes at most, around the offending offset.
  static var quotedCharacters: Int { 60 }

  /// `diagram` in quotes, whole if it is short, else the window of ``quotedCharacters`` around
  /// `offset`, with `…` where it is cut and the whole length: an issue about a long diagram
  /// stays readable.
  static func quoting(_ diagram: String, around offset: Int) -> String {
    let count = diagram.count
    guard count > quotedCharacters else { return "\"\(diagram)\"" }
    let first = min(max(offset - quotedCharacters / 2, 0), count - quotedCharacters)
    let start = diagram.index(diagram.startIndex, offsetBy: first)
    let end = diagram.index(start, offsetBy: quotedCharacters)
    let window = diagram[start..<end]
    let before = first > 0 ? "…" : ""
    let after = end < diagram.endIndex ? "…" : ""
    return "\"\(before)\(window)\(after)\" (\(count) characters, from offset \(first))"
  }
}

extension MarbleStepEvent {
  /// `events` (sorted by step) in runs that share a step, in order: what a diagram draws at
  /// each step, in either notation.
  static func groups(_ events: [MarbleStepEvent]) -> [(step: Int, events: ArraySlice<Self>)] {
    var groups: [(step: Int, events: ArraySlice<Self>)] = []
    var index = events.startIndex
    while index < events.endIndex {
      let step = events[index].step
      let end = events[index...].firstIndex { $0.step != step } ?? events.endIndex
      groups.append((step, events[index..<end]))
      index = end
    }
    return groups
  }
}
