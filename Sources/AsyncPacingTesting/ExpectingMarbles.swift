import AsyncPacing
import Testing

extension TestClock {
  /// Draws `sequence` as
  /// ``marbles(of:step:notation:busySteps:cancelledAt:maxSteps:fileID:filePath:line:column:)`` does and
  /// fails the test unless it is `expected`, showing both diagrams aligned step by step with a
  /// mark under the first step where they differ.
  ///
  /// ```swift
  /// await withTestClock { clock in
  ///   let queries = clock.marbles("a-b-c-----d|", step: .milliseconds(100))
  ///   await clock.expectMarbles(
  ///     "-------c---[d|]",
  ///     of: queries.debounce(for: .milliseconds(300), clock: clock),
  ///     step: .milliseconds(100))
  /// }
  /// ```
  ///
  /// Diagrams are compared by their events, so `[a]` and `a`, or quiet steps after the last
  /// event, make no difference. With `notation: .rxjs` the expected diagram is RxJS's, compared
  /// frame by frame, and `values` gives what its symbols stand for, as RxJS's
  /// `toBe(marbles, values, error)`. With `error`, the failure the diagram draws (`#` in RxJS's
  /// dialect, `^` in the pacing notation) must carry that value: a ``MarbleFailure``'s
  /// ``MarbleFailure/value``, or any other error as it prints; without it, any error matches.
  ///
  /// ```swift
  /// let frame = Duration.milliseconds(1)
  /// let lookups = clock.marbles(
  ///   "a-#", step: frame, notation: .rxjs, error: "offline")
  /// await clock.expectMarbles(
  ///   "a-#", of: lookups, step: frame, notation: .rxjs, error: "offline")
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The diagram the drawing must match, in `notation`.
  ///   - sequence: The sequence to draw.
  ///   - step: The duration of one step (one frame in RxJS's dialect).
  ///   - notation: The dialect `expected` is written in.
  ///   - values: What symbols of `expected` stand for, drawn as the drawing draws them.
  ///   - error: The value the drawn failure must carry, or `nil` for any error.
  ///   - busySteps: How many steps the consumer takes over each element.
  ///   - cancelledAt: The step at which the drawing cancels its iteration, or `nil`.
  ///   - maxSteps: How many steps the drawing watches at most.
  ///   - fileID: Where a failure is reported: the caller's file, for Swift Testing.
  ///   - filePath: Where a failure is reported: the caller's file, for XCTest.
  ///   - line: Where a failure is reported: the caller's line.
  ///   - column: Where a failure is reported: the caller's column.
  public func expectMarbles<Drawn: AsyncSequence & Sendable>(
    _ expected: String, of sequence: Drawn, step: Duration, notation: MarbleNotation = .pacing,
    values: [String: Drawn.Element] = [:], error: String? = nil, busySteps: Int = 0,
    cancelledAt: Int? = nil,
    maxSteps: Int = 1_000, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await expectMarbles(
      expected, of: sequence, step: step, notation: notation, values: values, error: error,
      busySteps: busySteps, cancelledAt: cancelledAt, maxSteps: maxSteps,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func expectMarbles<Drawn: AsyncSequence & Sendable>(
    _ expected: String, of sequence: Drawn, step: Duration, notation: MarbleNotation = .pacing,
    values: [String: Drawn.Element] = [:], error: String? = nil, busySteps: Int,
    cancelledAt: Int?, maxSteps: Int, location: TestSourceLocation
  ) async {
    let expectedEvents: [MarbleStepEvent]
    do throws(MarbleSyntaxError) {
      // Symbols with a value stand for it, drawn as the drawing draws it.
      expectedEvents = try Self.events(of: expected, step: step, notation: notation, hot: false)
        .map { event in
          guard case .element(let symbol) = event.event, let value = values[symbol] else {
            return event
          }
          var drawn = event
          drawn.event = .element(String(describing: value))
          return drawn
        }
    } catch {
      TestFailureReporting.record("expectMarbles: \(error)", at: location)
      return
    }
    let drawn = await drawnEvents(
      of: sequence, step: step, busySteps: busySteps, cancelledAt: cancelledAt,
      maxSteps: maxSteps, location: location)
    // With arguments that allow no drawing, an issue already says why.
    guard let (actualEvents, failureValue) = drawn else { return }
    guard actualEvents == expectedEvents else {
      TestFailureReporting.record(
        MarbleComparison(expected: expectedEvents, actual: actualEvents).message, at: location)
      return
    }
    if let error, let failure = actualEvents.first(where: { $0.event == .failure }),
      failureValue != error
    {
      let drawnValue = failureValue.map { "\"\($0)\"" } ?? "no value"
      TestFailureReporting.record(
        "expectMarbles: the sequence failed at step \(failure.step) as expected, but with "
          + "\(drawnValue), not the expected error \"\(error)\"", at: location)
    }
  }
}

/// Two diagrams one above the other, each step padded to the same width.
struct MarbleComparison {
  var expected: [MarbleStepEvent]
  var actual: [MarbleStepEvent]

  var message: String {
    let steps = (expected + actual).map(\.step).max().map { $0 + 1 } ?? 0
    let expectedColumns = Self.columns(expected, steps: steps)
    let actualColumns = Self.columns(actual, steps: steps)
    let widths = zip(expectedColumns, actualColumns).map { max($0.count, $1.count) }
    func row(_ columns: [String]) -> String {
      zip(columns, widths).map { $0.padding(toLength: $1) }.joined()
    }
    let first = expectedColumns.indices.first { expectedColumns[$0] != actualColumns[$0] } ?? 0
    let mark = String(repeating: " ", count: widths[..<first].reduce(0, +)) + "^"
    return """
      the diagrams differ from step \(first) on
      expected: \(row(expectedColumns))
        actual: \(row(actualColumns))
      \(String(repeating: " ", count: 10))\(mark)
      """
  }

  /// What each step draws: `-`, a symbol, or a group; `-` past the last event.
  private static func columns(_ events: [MarbleStepEvent], steps: Int) -> [String] {
    // One pass over the events: filtering them for every step made long diagrams quadratic.
    var byStep = [[MarbleStepEvent]](repeating: [], count: steps)
    for event in events where event.step < steps {
      byStep[event.step].append(MarbleStepEvent(step: 0, event: event.event))
    }
    return byStep.map { $0.isEmpty ? "-" : MarbleNotation.render($0) }
  }
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    self + String(repeating: " ", count: max(length - count, 0))
  }
}
