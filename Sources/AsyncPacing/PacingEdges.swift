/// Which edges of a burst a pacing operator emits on.
///
/// The leading edge is the first element of a burst, emitted at once; the trailing edge is
/// the element a burst settles on, emitted when its period ends.
///
/// ```swift
/// // first tap only
/// let taps = buttonTaps.debounce(for: .seconds(1), edges: .leading)
/// let search = queries.debounce(
///   for: .milliseconds(300), edges: [.leading, .trailing])
/// ```
public struct PacingEdges: OptionSet, Sendable, Hashable {
  /// The option bits: `1` for ``leading``, `2` for ``trailing``.
  ///
  /// ```swift
  /// let bits = PacingEdges.trailing.rawValue  // 2
  /// ```
  public let rawValue: UInt8

  /// Creates a set of edges from its bits, such as a value you stored earlier.
  ///
  /// Prefer the literals ``leading``, ``trailing`` and `[.leading, .trailing]` in code.
  ///
  /// ```swift
  /// settings.searchEdges = edges.rawValue  // a UInt8
  /// let restored = PacingEdges(rawValue: settings.searchEdges)
  /// ```
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Emit the first element of a burst at once.
  ///
  /// ```swift
  /// // ignores double taps
  /// let purchases = buyTaps.debounce(for: .seconds(1), edges: .leading)
  /// ```
  public static let leading = PacingEdges(rawValue: 1 << 0)

  /// Emit the element a burst settles on when its period ends.
  ///
  /// ```swift
  /// let progress = downloadProgress.throttle(for: .seconds(1), edges: .trailing)
  /// ```
  public static let trailing = PacingEdges(rawValue: 1 << 1)
}

extension PacingEdges: CustomStringConvertible {
  /// The edges as you would write them in code, such as `.leading` or `[.leading, .trailing]`.
  ///
  /// ```swift
  /// print(PacingEdges([.leading, .trailing]))  // [.leading, .trailing]
  /// ```
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
