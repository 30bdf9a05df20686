/// The arguments of a debounce, checked once where the user wrote them.
@usableFromInline
struct DebounceConfiguration<Duration: DurationProtocol>: Sendable {
  @usableFromInline let interval: Duration
  @usableFromInline let maxWait: Duration?
  // The edges as flags: reading a `static let` option costs a lazy-global check per use.
  @usableFromInline let emitsLeading: Bool
  @usableFromInline let emitsTrailing: Bool

  @inlinable
  init(
    interval: Duration, edges: PacingEdges, maxWait: Duration?,
    function: StaticString = "debounce"
  ) {
    checkPacingArguments(
      interval: interval, edges: edges, function: function)
    if let maxWait {
      checkArgument(
        edges.contains(.trailing),
        "\(function): `maxWait` needs the trailing edge (edges is \(edges))")
      checkArgument(
        maxWait >= interval,
        "\(function): `maxWait` (\(maxWait)) must not be shorter than `interval` (\(interval))")
    }
    self.interval = interval
    self.maxWait = maxWait
    self.emitsLeading = edges.contains(.leading)
    self.emitsTrailing = edges.contains(.trailing)
  }

  /// The arguments of a debounce whose interval is each element's own: `maxWait` cannot be
  /// compared with intervals not known yet, so it only needs the trailing edge and no sign.
  @inlinable
  init(intervalPerElementEdges edges: PacingEdges, maxWait: Duration?, function: StaticString) {
    checkPacingArguments(interval: Duration.zero, edges: edges, function: function)
    if let maxWait {
      checkArgument(
        edges.contains(.trailing),
        "\(function): `maxWait` needs the trailing edge (edges is \(edges))")
      checkArgument(
        maxWait >= .zero, "\(function): `maxWait` must not be negative (got \(maxWait))")
    }
    // Unused: each element's interval comes from the machine's `IntervalPerValue`.
    self.interval = .zero
    self.maxWait = maxWait
    self.emitsLeading = edges.contains(.leading)
    self.emitsTrailing = edges.contains(.trailing)
  }
}
