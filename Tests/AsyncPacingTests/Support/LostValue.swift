/// The failure a test clock records for a pacer released while it still held a value: the
/// value was lost (<doc:PacingContract>, "The callback pacers").
enum LostValue {
  static func reported(by pacer: String) -> String {
    "a \(pacer) timed by this clock was released while it still held a value"
  }
}
