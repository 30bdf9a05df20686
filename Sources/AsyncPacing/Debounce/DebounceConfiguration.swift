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
}
