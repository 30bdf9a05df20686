extension Int {
  /// The step `length` steps after this one, or `nil` past `Int.max`: in the reference models,
  /// as in the machines, a deadline beyond the last representable instant never comes
  /// (<doc:PacingContract>, "Time that never comes").
  func after(_ length: Int) -> Int? {
    let (sum, overflow) = addingReportingOverflow(length)
    return overflow ? nil : sum
  }
}
