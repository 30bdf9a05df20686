import AsyncPacing

/// Hot sources, as RxJS's `hot(…)`: one timeline from the instant the diagram is made, which
/// every iteration joins where it is.
extension TestClock {
  /// A sequence that plays `diagram` on one timeline whose step 0 is now: an iteration that
  /// starts later gets every event due from then on, in order, each at the later of its step
  /// and when it is asked for, and never those before; one that starts after the end gets the
  /// end at once. Nothing is put on the clock until it is iterated, so an unused one is no
  /// leftover work. In RxJS's dialect, `^` marks step 0 and what comes before it is past, but
  /// for an end, which every iteration then gets at once.
  ///
  /// ```swift
  /// let queries = clock.hotMarbles("a-b-c|", step: .seconds(1))
  /// await clock.advance(by: .seconds(2))   // a is gone
  /// let drawn = await clock.marbles(of: queries, step: .seconds(1))
  /// #expect(drawn == "b-c|")
  /// ```
  ///
  /// - Parameters:
  ///   - diagram: The diagram to play, in `notation`.
  ///   - step: The duration of one step (one frame in RxJS's dialect).
  ///   - notation: The dialect `diagram` is written in.
  ///   - error: The value the failure carries (``MarbleFailure/value``), or `nil` for none.
  ///   - fileID: Where a mistake in the diagram is reported: the caller's file, for Swift Testing.
  ///   - filePath: Where a mistake is reported: the caller's file, for XCTest.
  ///   - line: Where a mistake is reported: the caller's line.
  ///   - column: Where a mistake is reported: the caller's column.
  public func hotMarbles(
    _ diagram: String, step: Duration, notation: MarbleNotation = .pacing,
    error: String? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> MarbleSequence<String> {
    let location = TestSourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    return marbles(
      diagram, step: step, notation: notation, error: error, hot: true, location: location
    ) { symbol, _ in symbol }
  }

  /// ``hotMarbles(_:step:notation:error:fileID:filePath:line:column:)`` with each symbol's
  /// element taken from `values`, as
  /// ``marbles(_:step:notation:values:error:fileID:filePath:line:column:)`` takes it.
  ///
  /// ```swift
  /// let numbers = clock.hotMarbles(
  ///   "a-b|", step: .seconds(1), values: ["a": 1, "b": 2])
  /// ```
  ///
  /// - Parameters:
  ///   - diagram: The diagram to play, in `notation`.
  ///   - step: The duration of one step (one frame in RxJS's dialect).
  ///   - notation: The dialect `diagram` is written in.
  ///   - values: The element each symbol stands for, keyed by the symbol as written.
  ///   - error: The value the failure carries (``MarbleFailure/value``), or `nil` for none.
  ///   - fileID: Where a mistake in the diagram is reported: the caller's file, for Swift Testing.
  ///   - filePath: Where a mistake is reported: the caller's file, for XCTest.
  ///   - line: Where a mistake is reported: the caller's line.
  ///   - column: Where a mistake is reported: the caller's column.
  public func hotMarbles<Value: Sendable>(
    _ diagram: String, step: Duration, notation: MarbleNotation = .pacing,
    values: [String: Value], error: String? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> MarbleSequence<Value> {
    let location = TestSourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    return marbles(
      diagram, step: step, notation: notation, values: values, error: error, hot: true,
      location: location)
  }
}
