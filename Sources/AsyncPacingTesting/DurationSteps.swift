import AsyncPacing

extension Duration {
  /// How many whole `step`s fit, and what is left: exact, unlike `Duration / Duration`.
  func dividedInWholeSteps(of step: Duration) -> (Int, Duration) {
    let (steps, remainder) = attoseconds.quotientAndRemainder(dividingBy: step.attoseconds)
    return (Int(clamping: steps), Duration(attoseconds: remainder))
  }

  /// `self × count`, or the longest `Duration` when that does not fit: a step limit of
  /// `Int.max` means no limit, not a crash.
  func times(_ count: Int) -> Duration {
    let (product, overflow) = attoseconds.multipliedReportingOverflow(by: Int128(count))
    return overflow ? Duration(attoseconds: .max) : Duration(attoseconds: product)
  }
}
