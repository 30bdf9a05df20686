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
  }

  /// The arguments of a throttle whose windows last the interval of the value that opens
  /// each: only the edges are checked here.
  @inlinable
  init(
    intervalPerValueEdges edges: PacingEdges, windowStart: WindowStart = .atEmission,
    function: StaticString
  ) {
    // Unused: each window's length comes from the machine's `IntervalPerValue`.
    self.init(interval: .zero, edges: edges, windowStart: windowStart, function: function)
  }
}
