/// Which edges of a burst a pacing operator emits on.
///
/// The leading edge is the first element of a burst, emitted at once; the trailing edge is
/// the element a burst settles on, emitted when its period ends.
///
/// ```swift
/// let taps = buttonTaps.debounce(for: .seconds(1), edges: .leading)  // first tap only
/// let search = queries.debounce(for: .milliseconds(300), edges: [.leading, .trailing])
/// ```
public struct PacingEdges: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Emit the first element of a burst at once.
  public static let leading = PacingEdges(rawValue: 1 << 0)

  /// Emit the element a burst settles on when its period ends.
  public static let trailing = PacingEdges(rawValue: 1 << 1)
}

extension PacingEdges: CustomStringConvertible {
  public var description: String {
    switch self {
    case []: "[]"
    case .leading: ".leading"
    case .trailing: ".trailing"
    case [.leading, .trailing]: "[.leading, .trailing]"
    default: "PacingEdges(rawValue: \(rawValue))"
    }
  }
}
