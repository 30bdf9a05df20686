/// The argument checks every operator and pacer shares, reported at the user's call site and
/// named after the API the user called.
@inlinable
func checkPacingArguments<Duration: DurationProtocol>(
  interval: Duration, edges: PacingEdges, function: StaticString, file: StaticString, line: UInt
) {
  precondition(
    interval >= .zero, "\(function): `interval` must not be negative (got \(interval))",
    file: file, line: line)
  precondition(
    !edges.isEmpty, "\(function): `edges` must contain .leading, .trailing or both",
    file: file, line: line)
}
