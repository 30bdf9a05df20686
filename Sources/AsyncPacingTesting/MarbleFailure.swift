import AsyncPacing

/// The error a marble diagram's `^` throws.
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

  /// The failure a `^` at `step` throws, for comparing with a caught one.
  ///
  /// ```swift
  /// #expect(error as? MarbleFailure == MarbleFailure(step: 2))
  /// ```
  public init(step: Int) {
    self.step = step
  }

  /// `MarbleFailure at step 2`.
  ///
  /// ```swift
  /// print(MarbleFailure(step: 2))   // MarbleFailure at step 2
  /// ```
  public var description: String { "MarbleFailure at step \(step)" }
}
