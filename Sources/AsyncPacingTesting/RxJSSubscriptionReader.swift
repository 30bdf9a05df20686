import AsyncPacing

/// One iteration as a subscription diagram shows it: the frame of `^`, and of `!` if it ended.
struct SubscriptionFrames: Hashable, Sendable {
  var subscribed: Int
  var unsubscribed: Int?
}

extension RxJSMarbleReader {
  /// RxJS's subscription diagram in run mode: `^` the frame the iteration began, `!` the frame
  /// it ended, `(^!)` both at one frame; `-`, `^`, `!`, `(` and `)` take one frame each,
  /// whitespace none, a time progression its duration. `nil` for a diagram without `^`: RxJS
  /// reads `"----"` as no subscription at all.
  func readSubscription() throws(MarbleSyntaxError) -> SubscriptionFrames? {
    var subscribed: Int?
    var unsubscribed: Int?
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
      case "^":
        guard subscribed == nil else { throw problem("a second `^`", at: offset) }
        subscribed = group?.frame ?? frame
      case "!":
        guard subscribed != nil else { throw problem("`!` before `^`", at: offset) }
        guard unsubscribed == nil else { throw problem("a second `!`", at: offset) }
        unsubscribed = group?.frame ?? frame
      default:
        throw problem(
          "a subscription diagram holds only `-^!()`, whitespace and time progressions",
          at: offset)
      }
      frame += 1
      offset += 1
    }
    if let group { throw problem("the group opened here is not closed", at: group.opensAt) }
    return subscribed.map { SubscriptionFrames(subscribed: $0, unsubscribed: unsubscribed) }
  }
}
