/// The failure a test clock records for a pacer released while it still held a value: the
/// value was lost (<doc:PacingContract>, "The callback pacers").
enum LostValue {
  /// What every such failure says, whatever the pacer.
  static let fragment = "released while it still held a value"

  static func reported(by pacer: String) -> String {
    "a \(pacer) timed by this clock was \(fragment)"
  }
}
