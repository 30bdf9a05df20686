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
    try walk { character, frame, offset throws(MarbleSyntaxError) in
      switch character {
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
        reading.events.append(MarbleStepEvent(step: frame, event: event, offset: offset))
      }
    }
    return reading
  }

  /// Walks the diagram's frames, as RxJS's run mode counts them for events and subscriptions
  /// alike: whitespace takes none, a time progression its duration, and `-`, `(`, `)` and every
  /// other character one each. Each of those others is handed to `mark` with its frame (inside
  /// a group, the frame of its `(`) and its offset.
  func walk(
    _ mark: (Character, _ frame: Int, _ offset: Int) throws(MarbleSyntaxError) -> Void
  ) throws(MarbleSyntaxError) {
    var frame = 0
    var group: (frame: Int, opensAt: Int)?
    var offset = 0
    while offset < characters.count {
      let character = characters[offset]
      if let (frames, length) = try timeProgression(at: offset) {
        frame = try advanced(frame, by: frames, at: offset)
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
      default:
        try mark(character, group?.frame ?? frame, offset)
      }
      frame += 1
      offset += 1
    }
    if let group { throw problem("the group opened here is not closed", at: group.opensAt) }
  }

  /// A time progression starting at `offset`: how many frames it takes and how many
  /// characters it spans; `nil` when none starts there. As in RxJS, it stands at the start or
  /// after a space, and a space follows it.
  func timeProgression(at offset: Int) throws(MarbleSyntaxError) -> (Int, Int)? {
    guard offset == 0 || characters[offset - 1] == " ", characters[offset].isASCIIDigit else {
      return nil
    }
    var end = offset
    while end < characters.count, characters[end].isASCIIDigit { end += 1 }
    let whole = String(characters[offset..<end])
    var fraction = ""
    if end + 1 < characters.count, characters[end] == ".", characters[end + 1].isASCIIDigit {
      end += 1
      while end < characters.count, characters[end].isASCIIDigit {
        fraction.append(characters[end])
        end += 1
      }
    }
    var unitEnd = end
    while unitEnd < characters.count, characters[unitEnd].isLetter { unitEnd += 1 }
    let unit = String(characters[end..<unitEnd])
    guard let perUnit = Self.attosecondsPerUnit[unit], unitEnd < characters.count,
      characters[unitEnd] == " "
    else { return nil }
    let written = String(characters[offset..<unitEnd])
    // Exact, in attoseconds: a `Double` product is rounded, so `1.1s` would miss its frame.
    let scale = (0..<fraction.count).reduce(Int128(1)) { product, _ in product * 10 }
    guard let wholePart = Int128(whole),
      let fractionPart = Int128(fraction.isEmpty ? "0" : fraction),
      case (let wholeAtto, false) = wholePart.multipliedReportingOverflow(by: perUnit),
      case (let fractionScaled, false) = fractionPart.multipliedReportingOverflow(by: perUnit),
      case (let total, false) = wholeAtto.addingReportingOverflow(fractionScaled / scale),
      fractionScaled % scale == 0
    else {
      throw problem(
        "the time progression `\(written)` is not a whole number of steps of \(step)", at: offset)
    }
    let (frames, left) = total.quotientAndRemainder(dividingBy: step.attoseconds)
    guard left == 0 else {
      throw problem(
        "the time progression `\(written)` is not a whole number of steps of \(step)", at: offset)
    }
    guard let count = Int(exactly: frames) else {
      throw problem("the time progression `\(written)` is too long to count", at: offset)
    }
    return (count, unitEnd - offset)
  }

  private static let attosecondsPerUnit: [String: Int128] = [
    "ms": 1_000_000_000_000_000,
    "s": 1_000_000_000_000_000_000,
    "m": 60_000_000_000_000_000_000,
  ]

  /// `frame` moved on by `frames`, or an issue when the diagram runs past what can be counted.
  func advanced(_ frame: Int, by frames: Int, at offset: Int) throws(MarbleSyntaxError) -> Int {
    let (sum, overflow) = frame.addingReportingOverflow(frames)
    guard !overflow else { throw problem("the diagram is too long to count", at: offset) }
    return sum
  }

  func problem(_ text: String, at offset: Int) -> MarbleSyntaxError {
    MarbleSyntaxError(diagram: diagram, offset: offset, problem: text)
  }
}

extension Character {
  /// `0` to `9`, the digits RxJS's time progressions are written with.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
