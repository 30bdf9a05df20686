extension Duration {
  /// `self + other`, or the longest (shortest) `Duration` when the sum does not fit: how the
  /// package's own instants move, so that a deadline computed near the end of time is the last
  /// instant, never a trap (<doc:PacingContract>, "Time that never comes").
  func saturatingSum(_ other: Duration) -> Duration {
    let (sum, overflow) = attoseconds.addingReportingOverflow(other.attoseconds)
    guard overflow else { return Duration(attoseconds: sum) }
    return Duration(attoseconds: other > .zero ? .max : .min)
  }
}
