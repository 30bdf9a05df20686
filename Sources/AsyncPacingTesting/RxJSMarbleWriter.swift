import AsyncPacing

/// Draws events in RxJS's dialect: `-` per quiet frame, `#` the error, `(…)` several events at
/// one frame, which take as many frames as they have characters.
enum RxJSMarbleWriter {
  /// The drawing of `events` (sorted by step), or why the dialect cannot show them: an element
  /// that is not one plain character, or an event sooner after a group than the group is wide.
  static func render(_ events: [MarbleStepEvent]) -> Result<String, Unshowable> {
    var diagram = ""
    var frame = 0
    for (step, group) in MarbleStepEvent.groups(events) {
      guard step >= frame else { return .failure(.tooSoonAfterAGroup(step: step)) }
      var symbols = ""
      for event in group {
        guard let symbol = symbol(of: event.event) else {
          return .failure(.notOneCharacter(event.event))
        }
        symbols.append(symbol)
      }
      diagram.append(contentsOf: repeatElement("-", count: step - frame))
      diagram.append(group.count == 1 ? symbols : "(" + symbols + ")")
      frame = step + (group.count == 1 ? 1 : group.count + 2)
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
