/// The arguments of a throttle, checked once where the user wrote them.
@usableFromInline
struct ThrottleConfiguration<Duration: DurationProtocol>: Sendable {
  /// When a window opens after an emission.
  @usableFromInline
  enum WindowStart: Sendable {
    /// At the emission: a sequence cannot see its consumer start work.
    case atEmission
    /// When the shell reports that the emitted value's work really started (a pacer's action).
    case whenEmissionStarts
  }

  @usableFromInline let interval: Duration
  @usableFromInline let emitsLeading: Bool
  @usableFromInline let emitsTrailing: Bool
  @usableFromInline let windowStart: WindowStart
  /// Zero-length windows end at their own start, so events must close them after themselves.
  @usableFromInline let hasZeroInterval: Bool

  @inlinable
  init(
    interval: Duration, edges: PacingEdges, windowStart: WindowStart = .atEmission,
    function: StaticString = "throttle"
  ) {
    checkPacingArguments(
      interval: interval, edges: edges, function: function)
    self.interval = interval
    self.emitsLeading = edges.contains(.leading)
    self.emitsTrailing = edges.contains(.trailing)
    self.windowStart = windowStart
    self.hasZeroInterval = interval == .zero
  }
}
