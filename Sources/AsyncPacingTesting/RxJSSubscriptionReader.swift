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
    try walk { character, frame, offset throws(MarbleSyntaxError) in
      switch character {
      case "^":
        guard subscribed == nil else { throw problem("a second `^`", at: offset) }
        subscribed = frame
      case "!":
        guard subscribed != nil else { throw problem("`!` before `^`", at: offset) }
        guard unsubscribed == nil else { throw problem("a second `!`", at: offset) }
        unsubscribed = frame
      default:
        throw problem(
          "a subscription diagram holds only `-^!()`, whitespace and time progressions",
          at: offset)
      }
    }
    return subscribed.map { SubscriptionFrames(subscribed: $0, unsubscribed: unsubscribed) }
  }
}
