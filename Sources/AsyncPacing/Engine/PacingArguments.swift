/// The argument checks every operator and pacer shares, named after the API the user called.
@inlinable
func checkPacingArguments<Duration: DurationProtocol>(
  interval: Duration, edges: PacingEdges, function: StaticString
) {
  checkArgument(
    interval >= .zero, "\(function): `interval` must not be negative (got \(interval))")
  checkArgument(
    !edges.isEmpty, "\(function): `edges` must contain .leading, .trailing or both")
  checkArgument(
    edges.isSubset(of: [.leading, .trailing]),
    "\(function): `edges` has unknown options (\(edges)); use .leading, .trailing or both")
}

/// Stops the program with `message` when a caller's argument breaks a rule.
///
/// `precondition` drops its message in optimised builds, which stop with "Illegal instruction"
/// alone; `fatalError` keeps it, so a release build still says which argument was wrong.
@inlinable
package func checkArgument(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { argumentRejected(message()) }
}

@usableFromInline
package func argumentRejected(_ message: String) -> Never {
  fatalError(message)
}
