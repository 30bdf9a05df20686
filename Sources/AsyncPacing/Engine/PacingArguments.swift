/// The argument checks every operator and pacer shares, named after the API the user called.
@inlinable
func checkPacingArguments<Duration: DurationProtocol>(
  interval: Duration, edges: PacingEdges, function: StaticString
) {
  precondition(
    interval >= .zero, "\(function): `interval` must not be negative (got \(interval))")
  precondition(
    !edges.isEmpty, "\(function): `edges` must contain .leading, .trailing or both")
}
