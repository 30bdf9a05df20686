/// Which marble dialect a diagram is written in.
///
/// ```swift
/// let typing = clock.marbles(
///   "a 9ms b|", step: .milliseconds(1), notation: .rxjs)
/// ```
public enum MarbleNotation: Sendable, Hashable {
  /// This package's notation (the pacing contract's "Time and marble diagrams"): `-` a quiet
  /// step, `a` or `'ab'` an element, `|` the end, `^` a failure, `[ab]` a group at one step.
  ///
  /// ```swift
  /// let letters = clock.marbles("a-[bc]|", step: .seconds(1), notation: .pacing)
  /// ```
  case pacing
  /// RxJS's run mode: every character but whitespace and `-|#^()!` is one value, `#` the
  /// error, `(ab)` a group, `9ms` a time progression, `^` frame 0 of a hot diagram.
  ///
  /// ```swift
  /// let letters = clock.marbles("a-(bc)|", step: .seconds(1), notation: .rxjs)
  /// ```
  case rxjs
}

/// The pacing notation, both ways.
extension MarbleNotation {
  /// The events of `diagram`, each with the offset it is written at.
  static func parse(_ diagram: String) throws(MarbleSyntaxError) -> [MarbleStepEvent] {
    var reader = MarbleReader(diagram: diagram)
    return try reader.read()
  }

  /// The diagram of `events` (sorted by step): `-` for each quiet step, one event bare, several
  /// at one step as a group; nothing after the last event. Parsing it gives `events` back.
  static func render(_ events: [MarbleStepEvent]) -> String {
    var diagram = ""
    var nextStep = 0
    for (step, group) in MarbleStepEvent.groups(events) {
      diagram.append(contentsOf: repeatElement("-", count: max(step - nextStep, 0)))
      if group.count == 1 {
        append(group[group.startIndex].event.symbol, to: &diagram)
      } else {
        diagram.append("[")
        for event in group { append(event.event.symbol, to: &diagram) }
        diagram.append("]")
      }
      nextStep = step + 1
    }
    return diagram
  }

  /// Appends `symbol` in place (a diagram grows linearly), with a space between two quoted
  /// values that would otherwise read as one with a doubled quote (`'a' 'b'`, not `'a''b'`),
  /// or two bare ones that would join into one character; spaces are ignored outside quotes.
  private static func append(_ symbol: String, to diagram: inout String) {
    // Scalars, not characters: a quote that opens a combining mark is not a `"'"` character.
    if diagram.unicodeScalars.last == "'" && symbol.unicodeScalars.first == "'" {
      diagram.append(" ")
    } else if let last = diagram.last, let first = symbol.first,
      (String(last) + String(first)).count == 1
    {
      // Two bare values that would join into one character (a letter ending in a joiner or a
      // virama, then the next letter): the space keeps them apart.
      diagram.append(" ")
    }
    diagram.append(symbol)
  }

  /// `value` in quotes, each `'` in it doubled. Scalars, not characters: a quote followed by a
  /// combining mark is one character, which a character-wise replacement would miss.
  static func quoted(_ value: String) -> String {
    var quoted = "'"
    for scalar in value.unicodeScalars {
      quoted.unicodeScalars.append(scalar)
      if scalar == "'" { quoted.unicodeScalars.append(scalar) }
    }
    quoted.unicodeScalars.append("'")
    return quoted
  }

  /// Whether `value` is drawn bare: one letter or number character that stays one whatever
  /// stands beside it. A mark that is also a letter (U+0345) would join a `[` or `-` before it,
  /// a prepended letter (U+0D4E) the `-` after it, and a Hangul jamo the jamo of a next value;
  /// those are quoted, where the parser keeps them apart.
  static func drawsBare(_ value: String) -> Bool {
    guard value.count == 1, let character = value.first, isBare(character) else { return false }
    guard ("-" + value + "-").count == 3 else { return false }
    return !value.unicodeScalars.contains { scalar in
      (0x1100...0x11FF).contains(scalar.value) || (0xA960...0xA97F).contains(scalar.value)
        || (0xD7B0...0xD7FF).contains(scalar.value)
    }
  }

  /// Whether `character` is read bare: one letter or number character.
  static func isBare(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }
}

extension MarbleEvent {
  /// How the event is drawn: an element bare when it is one letter or digit, quoted otherwise
  /// with each `'` in it doubled.
  var symbol: String {
    switch self {
    case .finish: "|"
    case .failure: "^"
    case .element(let value):
      if MarbleNotation.drawsBare(value) {
        value
      } else {
        MarbleNotation.quoted(value)
      }
    }
  }
}

private struct MarbleReader {
  let diagram: String
  private let characters: [Character]
  private var position = 0

  init(diagram: String) {
    self.diagram = diagram
    characters = Self.separatingQuotes(diagram)
  }

  /// The diagram's characters, each `'` one of its own: a combining mark right after a quote
  /// joins it into one character (`'\u{301}` is one `Character`), which would hide the quote
  /// of a drawn value such as `"\u{301}"`. Offsets count these characters.
  private static func separatingQuotes(_ diagram: String) -> [Character] {
    var characters: [Character] = []
    for character in diagram {
      guard character != "'", character.unicodeScalars.contains("'") else {
        characters.append(character)
        continue
      }
      var run = ""
      for scalar in character.unicodeScalars {
        guard scalar == "'" else {
          run.unicodeScalars.append(scalar)
          continue
        }
        characters += Array(run)
        run = ""
        characters.append("'")
      }
      characters += Array(run)
    }
    return characters
  }

  mutating func read() throws(MarbleSyntaxError) -> [MarbleStepEvent] {
    var events: [MarbleStepEvent] = []
    var step = 0
    while let character = next() {
      let offset = position - 1
      let countBefore = events.count
      switch character {
      case " ": continue
      case "-": break
      case "[":
        events += try group().map {
          MarbleStepEvent(step: step, event: $0.event, offset: $0.offset)
        }
      default:
        events.append(MarbleStepEvent(step: step, event: try event(character), offset: offset))
      }
      try checkNothingFollowsTheEnd(of: events, addedFrom: countBefore, at: offset)
      step += 1
    }
    return events
  }

  /// A sequence has no events after it finishes or throws. Only this step's events are new,
  /// and an end before them is already the last event, so the check looks at those alone: a
  /// long diagram parses in linear time.
  private func checkNothingFollowsTheEnd(
    of events: [MarbleStepEvent], addedFrom first: Int, at offset: Int
  ) throws(MarbleSyntaxError) {
    let ends = { (event: MarbleStepEvent) in event.event == .finish || event.event == .failure }
    let endedBefore = first > 0 && ends(events[first - 1])
    let end = endedBefore ? first - 1 : events[first...].firstIndex(where: ends)
    guard let end, end < events.index(before: events.endIndex) else { return }
    throw failure("an event after the end (`|` or `^`); nothing can follow it", at: offset)
  }

  private mutating func group() throws(MarbleSyntaxError) -> [(event: MarbleEvent, offset: Int)] {
    let opening = position - 1
    var events: [(event: MarbleEvent, offset: Int)] = []
    while true {
      guard let character = next() else {
        throw failure("the group opened here is not closed; expected `]`", at: opening)
      }
      switch character {
      case "]" where events.isEmpty:
        throw failure("an empty group; write `-` for a quiet step", at: opening)
      case "]": return events
      case " ": continue
      case "[": throw failure("a group inside a group", at: position - 1)
      default:
        let offset = position - 1
        events.append((try event(character), offset))
      }
    }
  }

  private mutating func event(_ character: Character) throws(MarbleSyntaxError) -> MarbleEvent {
    switch character {
    case "|": return .finish
    case "^": return .failure
    case "'": return .element(try quoted())
    case _ where MarbleNotation.isBare(character): return .element(String(character))
    default:
      throw failure(
        "unexpected `\(character)`; expected `-`, a letter or digit, a quoted value, `[`, `|` or `^`",
        at: position - 1)
    }
  }

  /// The text up to the closing quote; `''` inside stands for one `'`.
  private mutating func quoted() throws(MarbleSyntaxError) -> String {
    let opening = position - 1
    var value = ""
    while let character = next() {
      guard character == "'" else {
        value.append(character)
        continue
      }
      guard position < characters.count, characters[position] == "'" else { return value }
      position += 1
      value.append("'")
    }
    throw failure("the quote opened here is not closed; expected `'`", at: opening)
  }

  private mutating func next() -> Character? {
    guard position < characters.count else { return nil }
    defer { position += 1 }
    return characters[position]
  }

  private func failure(_ problem: String, at offset: Int) -> MarbleSyntaxError {
    MarbleSyntaxError(diagram: diagram, offset: offset, problem: problem)
  }
}
