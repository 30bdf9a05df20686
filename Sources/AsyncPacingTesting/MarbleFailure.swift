import AsyncPacing

/// The error a marble diagram's `^` throws (`#` in RxJS's dialect).
///
/// ```swift
/// await withTestClock { clock in
///   let failing = clock.marbles("a-^", step: .seconds(1))
///   let debounced = failing.debounce(for: .seconds(5), clock: clock)
///   let drawn = await clock.marbles(of: debounced, step: .seconds(1))
///   #expect(drawn == "--^")   // the pending `a` is dropped; the error is not
/// }
/// ```
public struct MarbleFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The step of the diagram at which it was thrown.
  ///
  /// ```swift
  /// let error = await lines.expectFailure()
  /// #expect((error as? MarbleFailure)?.step == 2)
  /// ```
  public var step: Int

  /// The error value the diagram names (RxJS's `error` argument), or `nil` for none: failures
  /// with different values are different.
  ///
  /// ```swift
  /// #expect(MarbleFailure(step: 2, value: "offline").value == "offline")
  /// ```
  public var value: String?

  /// The failure a `^` at `step` throws, carrying `value`, for comparing with a caught one.
  ///
  /// ```swift
  /// #expect(error as? MarbleFailure == MarbleFailure(step: 2))
  /// ```
  public init(step: Int, value: String? = nil) {
    self.step = step
    self.value = value
  }

  /// `MarbleFailure at step 2`, or `MarbleFailure "offline" at step 2` with a value.
  ///
  /// ```swift
  /// print(MarbleFailure(step: 2))   // MarbleFailure at step 2
  /// ```
  public var description: String {
    guard let value else { return "MarbleFailure at step \(step)" }
    return "MarbleFailure \"\(value)\" at step \(step)"
  }
}

extension MarbleFailure {
  /// What an `error:` argument is compared with: a `MarbleFailure`'s ``value``, any other
  /// error as it prints (RxJS compares the error object; Swift's errors have no equality).
  static func errorValue(of error: any Error) -> String? {
    if let failure = error as? MarbleFailure { return failure.value }
    return String(describing: error)
  }
}
