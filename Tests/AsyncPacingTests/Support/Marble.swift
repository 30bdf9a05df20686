/// One thing that happens in a marble diagram.
enum MarbleEvent: Hashable, Sendable {
  case value(String)
  case finish
  case failure
}

/// An event at a step of a marble diagram (a step is one tick of a `TestClock`).
struct TimedEvent: Hashable, Sendable, CustomStringConvertible {
  var step: Int
  var event: MarbleEvent

  // `c@7` reads better than the synthesized dump in a failed `#expect`.
  var description: String { "\(event.symbol)@\(step)" }
}

/// The marble notation of <doc:PacingContract> ("Time and marble diagrams").
enum Marble {
  /// Parses a diagram such as "a-b-[cd]--'xy'|" into events; each character is one step, except that
  /// a quoted value 'xy' is one element at one step and a group [...] holds several events (in order) at one step.
  /// Inside groups: single characters, quoted values, `|` and `^`. Spaces are ignored. Letters and digits are values.
  /// `-` is an empty step, `|` finish, `^` failure (throw). Invalid input (unbalanced quote or bracket, unknown character)
  /// is a precondition failure with a message that shows the diagram.
  static func parse(_ diagram: String) -> [TimedEvent] {
    do {
      return try parseChecked(diagram)
    } catch {
      preconditionFailure("Marble: \(error.problem) in \"\(diagram)\"")
    }
  }

  /// Parses like ``parse(_:)``, but reports invalid notation as an error: for diagrams that
  /// come from documents rather than from tests.
  static func parseChecked(_ diagram: String) throws(NotationError) -> [TimedEvent] {
    var parser = Parser(diagram: diagram)
    return try parser.parse()
  }

  /// Why a diagram is not valid notation, and where.
  struct NotationError: Error {
    var problem: String
  }

  /// Renders events back into the same notation: `-` for a step without events, a single event as its character
  /// (multi-character values quoted), several events at one step as a group in order. Nothing after the last event.
  /// Events must be sorted by step (stable).
  static func render(_ events: [TimedEvent]) -> String {
    var rendered = ""
    var nextStep = 0
    var index = events.startIndex
    while index < events.endIndex {
      let step = events[index].step
      precondition(step >= nextStep, "Marble.render: events are not sorted by step: \(events)")
      let end = events[index...].firstIndex { $0.step != step } ?? events.endIndex
      let symbols = events[index..<end].map(\.event.symbol)
      rendered += String(repeating: "-", count: step - nextStep)
      rendered += symbols.count == 1 ? symbols[0] : "[\(symbols.joined())]"
      nextStep = step + 1
      index = end
    }
    return rendered
  }

  /// Two diagrams one above the other, labelled, for failure messages:
  /// "expected: ...\n  actual: ..." (align the diagrams).
  static func comparison(expected: [TimedEvent], actual: [TimedEvent]) -> String {
    "expected: \(render(expected))\n  actual: \(render(actual))"
  }
}

extension MarbleEvent {
  /// How the event is written in a diagram.
  fileprivate var symbol: String {
    switch self {
    case .finish: return "|"
    case .failure: return "^"
    case .value(let value):
      precondition(!value.contains("'"), "Marble: a value with a quote cannot be drawn: \(value)")
      // Anything that would not parse back as a bare value is quoted, so render(parse(d)) == d.
      if value.count == 1, let character = value.first, isBareValue(character) {
        return value
      }
      return "'\(value)'"
    }
  }
}

private func isBareValue(_ character: Character) -> Bool {
  character.isLetter || character.isNumber
}

private struct Parser {
  private let characters: [Character]
  private var position = 0

  init(diagram: String) {
    self.characters = Array(diagram)
  }

  mutating func parse() throws(Marble.NotationError) -> [TimedEvent] {
    var events: [TimedEvent] = []
    var step = 0
    while let character = next() {
      switch character {
      case " ":
        continue
      case "-":
        break
      case "[":
        events += try group().map { TimedEvent(step: step, event: $0) }
      default:
        events.append(TimedEvent(step: step, event: try event(startingWith: character)))
      }
      step += 1
    }
    return events
  }

  private mutating func group() throws(Marble.NotationError) -> [MarbleEvent] {
    let opening = position - 1
    var events: [MarbleEvent] = []
    while true {
      guard let character = next() else { throw fail("unbalanced '['", at: opening) }
      switch character {
      case "]": return events
      case " ": continue
      default: events.append(try event(startingWith: character))
      }
    }
  }

  private mutating func event(startingWith character: Character) throws(Marble.NotationError)
    -> MarbleEvent
  {
    switch character {
    case "|": return .finish
    case "^": return .failure
    case "'": return .value(try quoted())
    case "]": throw fail("unbalanced ']'", at: position - 1)
    case _ where isBareValue(character): return .value(String(character))
    default: throw fail("unexpected '\(character)'", at: position - 1)
    }
  }

  private mutating func quoted() throws(Marble.NotationError) -> String {
    let opening = position - 1
    var value = ""
    while let character = next() {
      if character == "'" { return value }
      value.append(character)
    }
    throw fail("unbalanced quote", at: opening)
  }

  private mutating func next() -> Character? {
    guard position < characters.count else { return nil }
    defer { position += 1 }
    return characters[position]
  }

  private func fail(_ problem: String, at offset: Int) -> Marble.NotationError {
    Marble.NotationError(problem: "\(problem) at offset \(offset)")
  }
}
