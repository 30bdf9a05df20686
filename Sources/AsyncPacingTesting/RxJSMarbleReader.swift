import AsyncPacing

/// RxJS's marble dialect in its run mode, read into the events this library plays: one frame
/// per `step`; `-`, each value, `|`, `#`, `^`, `(` and `)` take one frame each and whitespace
/// none; `(ab)` puts its events at the frame of `(`; a time progression (`9ms`, `1.5s`, `1m`,
/// at the start or after a space, followed by a space) is that long on the clock.
struct RxJSMarbleReader {
  /// The events, each at its frame, and the frame of `^` when the diagram has one.
  struct Reading {
    var events: [MarbleStepEvent]
    var zeroFrame: Int?
  }

  let diagram: String
  let step: Duration
  /// Whether `^` may mark frame 0: a hot diagram's.
  let allowsZeroFrame: Bool
  let characters: [Character]

  init(diagram: String, step: Duration, allowsZeroFrame: Bool) {
    self.diagram = diagram
    self.step = step
    self.allowsZeroFrame = allowsZeroFrame
    characters = Array(diagram)
  }

  func read() throws(MarbleSyntaxError) -> Reading {
    var reading = Reading(events: [], zeroFrame: nil)
    var frame = 0
    var group: (frame: Int, opensAt: Int)?
    var offset = 0
    while offset < characters.count {
      let character = characters[offset]
      if let (frames, length) = try timeProgression(at: offset) {
        frame += frames
        offset += length
        continue
      }
      switch character {
      case _ where character.isWhitespace:
        offset += 1
        continue
      case "-":
        break
      case "(":
        guard group == nil else { throw problem("a group inside a group", at: offset) }
        group = (frame, offset)
      case ")":
        guard group != nil else { throw problem("`)` closes no group", at: offset) }
        group = nil
      case "^":
        guard allowsZeroFrame else {
          throw problem("`^` marks frame 0 of a hot diagram only (`hotMarbles`)", at: offset)
        }
        guard reading.zeroFrame == nil else { throw problem("a second `^`", at: offset) }
        reading.zeroFrame = frame
      case "!":
        throw problem("`!` belongs to subscription diagrams, not to events", at: offset)
      default:
        let event: MarbleEvent =
          switch character {
          case "|": .finish
          case "#": .failure
          default: .element(String(character))
          }
        reading.events.append(
          MarbleStepEvent(step: group?.frame ?? frame, event: event, offset: offset))
      }
      frame += 1
      offset += 1
    }
    if let group { throw problem("the group opened here is not closed", at: group.opensAt) }
    return reading
  }

  /// A time progression starting at `offset`: how many frames it takes and how many
  /// characters it spans; `nil` when none starts there.
  func timeProgression(at offset: Int) throws(MarbleSyntaxError) -> (Int, Int)? {
    guard offset == 0 || characters[offset - 1] == " ", characters[offset].isNumber else {
      return nil
    }
    var end = offset
    while end < characters.count, characters[end].isNumber || characters[end] == "." {
      end += 1
    }
    let number = String(characters[offset..<end])
    var unitEnd = end
    while unitEnd < characters.count, characters[unitEnd].isLetter { unitEnd += 1 }
    let unit = String(characters[end..<unitEnd])
    guard ["ms", "s", "m"].contains(unit),
      unitEnd == characters.count || characters[unitEnd] == " ",
      let amount = Double(number)
    else { return nil }
    let perUnit: Duration =
      switch unit {
      case "ms": .milliseconds(1)
      case "s": .seconds(1)
      default: .seconds(60)
      }
    let duration = perUnit * amount
    let (frames, left) = duration.dividedInWholeSteps(of: step)
    guard left == .zero else {
      throw problem(
        "the time progression `\(number)\(unit)` is not a whole number of steps of \(step)",
        at: offset)
    }
    return (frames, unitEnd - offset)
  }

  func problem(_ text: String, at offset: Int) -> MarbleSyntaxError {
    MarbleSyntaxError(diagram: diagram, offset: offset, problem: text)
  }
}

/// Draws events in RxJS's dialect: `-` per quiet frame, `#` the error, `(…)` several events at
/// one frame, which take as many frames as they have characters.
enum RxJSMarbleWriter {
  /// The drawing of `events` (sorted by step), or why the dialect cannot show them: an element
  /// that is not one plain character, or an event sooner after a group than the group is wide.
  static func render(_ events: [MarbleStepEvent]) -> Result<String, Unshowable> {
    var diagram = ""
    var frame = 0
    var index = events.startIndex
    while index < events.endIndex {
      let step = events[index].step
      let end = events[index...].firstIndex { $0.step != step } ?? events.endIndex
      guard step >= frame else { return .failure(.tooSoonAfterAGroup(step: step)) }
      var symbols = ""
      for event in events[index..<end] {
        guard let symbol = symbol(of: event.event) else {
          return .failure(.notOneCharacter(event.event))
        }
        symbols.append(symbol)
      }
      diagram.append(contentsOf: repeatElement("-", count: step - frame))
      let count = end - index
      diagram.append(count == 1 ? symbols : "(" + symbols + ")")
      frame = step + (count == 1 ? 1 : count + 2)
      index = end
    }
    return .success(diagram)
  }

  enum Unshowable: Error, CustomStringConvertible {
    case notOneCharacter(MarbleEvent)
    case tooSoonAfterAGroup(step: Int)

    var description: String {
      switch self {
      case .notOneCharacter(let event):
        "the element \(event.symbol) is not one character the dialect can show"
      case .tooSoonAfterAGroup(let step):
        "the event at step \(step) comes sooner after a group than the group is wide"
      }
    }
  }

  private static func symbol(of event: MarbleEvent) -> Character? {
    switch event {
    case .finish: return "|"
    case .failure: return "#"
    case .element(let value):
      guard value.count == 1, let character = value.first, !character.isWhitespace,
        !"-|#^()!".contains(character)
      else { return nil }
      return character
    }
  }
}
