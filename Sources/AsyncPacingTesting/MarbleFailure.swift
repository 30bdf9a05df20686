import AsyncPacing

/// The error a marble diagram's `^` throws.
///
/// ```swift
/// await withTestClock { clock in
///   let failing = clock.marbles("a-^", step: .seconds(1))
///   let drawn = await clock.marbles(of: failing.debounce(for: .seconds(5), clock: clock), step: .seconds(1))
///   #expect(drawn == "--^")   // the pending `a` is dropped; the error is not
/// }
/// ```
public struct MarbleFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The step of the diagram at which it was thrown.
  public var step: Int

  public init(step: Int) {
    self.step = step
  }

  public var description: String { "MarbleFailure at step \(step)" }
}
