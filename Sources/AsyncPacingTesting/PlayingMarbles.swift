import AsyncPacing
import Testing

extension TestClock {
  /// A sequence that plays `diagram` on this clock, one character per `step`; each element is
  /// its symbol as written (`a`, or `ab` for `'ab'`).
  ///
  /// ```swift
  /// await withTestClock { clock in
  ///   let queries = clock.marbles("a-b-c-----d|", step: .milliseconds(100))
  ///   let searched = await clock.marbles(
  ///     of: queries.debounce(for: .milliseconds(300), clock: clock),
  ///     step: .milliseconds(100))
  ///   #expect(searched == "-------c---[d|]")
  /// }
  /// ```
  ///
  /// In the pacing notation (the default): `-` a quiet step, `a` or `'ab'` an element, `|` the
  /// end, `^` a ``MarbleFailure``, `[ab|]` several events at one step. With `notation: .rxjs`,
  /// RxJS's run-mode dialect (see ``MarbleNotation/rxjs``). A diagram that is not valid
  /// notation, or a `step` that is not positive, fails the test at the caller's line, and the
  /// sequence then ends at once.
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
  public func marbles(
    _ diagram: String, step: Duration, notation: MarbleNotation = .pacing,
    error: String? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> MarbleSequence<String> {
    let location = TestSourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    return marbles(diagram, step: step, notation: notation, error: error, location: location) {
      symbol, _ in symbol
    }
  }

  /// A sequence that plays `diagram` on this clock, one character per `step`, with each
  /// symbol's element taken from `values` (keys are the symbols as written, without quotes).
  ///
  /// ```swift
  /// await withTestClock { clock in
  ///   let numbers = clock.marbles(
  ///     "a-b|", step: .seconds(1), values: ["a": 1, "b": 2])
  ///   let doubled = await clock.marbles(
  ///     of: numbers.map { $0 * 2 }, step: .seconds(1))
  ///   #expect(doubled == "2-4|")
  /// }
  /// ```
  ///
  /// A symbol missing from `values` fails the test, naming its position.
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
  public func marbles<Value: Sendable>(
    _ diagram: String, step: Duration, notation: MarbleNotation = .pacing,
    values: [String: Value], error: String? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> MarbleSequence<Value> {
    let location = TestSourceLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    return marbles(
      diagram, step: step, notation: notation, values: values, error: error, location: location)
  }

  func marbles<Value: Sendable>(
    _ diagram: String, step: Duration, notation: MarbleNotation = .pacing,
    values: [String: Value], error: String? = nil, hot: Bool = false,
    location: TestSourceLocation
  ) -> MarbleSequence<Value> {
    marbles(
      diagram, step: step, notation: notation, error: error, hot: hot, location: location
    ) {
      (symbol, offset) throws(MarbleSyntaxError) in
      try Self.value(of: symbol, at: offset, in: diagram, from: values)
    }
  }

  /// The events `diagram` plays, in `notation`, by step; a hot RxJS diagram's steps count from
  /// its `^`, and what it shows before is past, but for an end before `^`, which has happened:
  /// every iteration gets it at once, as a subscriber to RxJS's completed subject does.
  static func events(
    of diagram: String, step: Duration, notation: MarbleNotation, hot: Bool
  ) throws(MarbleSyntaxError) -> [MarbleStepEvent] {
    switch notation {
    case .pacing:
      return try MarbleNotation.parse(diagram)
    case .rxjs:
      let reading = try RxJSMarbleReader(diagram: diagram, step: step, allowsZeroFrame: hot).read()
      let zero = reading.zeroFrame ?? 0
      return reading.events.compactMap { event in
        guard event.step < zero else {
          return MarbleStepEvent(step: event.step - zero, event: event.event, offset: event.offset)
        }
        guard case .element = event.event else {
          return MarbleStepEvent(step: 0, event: event.event, offset: event.offset)
        }
        return nil
      }
    }
  }

  /// The element `values` gives `symbol`, written at `offset` of `diagram`.
  static func value<Value>(
    of symbol: String, at offset: Int, in diagram: String, from values: [String: Value]
  ) throws(MarbleSyntaxError) -> Value {
    guard let value = values[symbol] else {
      let known = values.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
      throw MarbleSyntaxError(
        diagram: diagram, offset: offset,
        problem: "`\(symbol)` has no value in `values:` (it has \(known))")
    }
    return value
  }

  func marbles<Value: Sendable>(
    _ diagram: String, step: Duration, notation: MarbleNotation = .pacing, error: String? = nil,
    hot: Bool = false, location: TestSourceLocation,
    value: (String, Int) throws(MarbleSyntaxError) -> Value
  ) -> MarbleSequence<Value> {
    typealias Event = MarbleSequence<Value>.Event
    guard step > .zero else {
      TestFailureReporting.record(
        "marbles(_:step:): `step` must be positive, got \(step)", at: location)
      return MarbleSequence(clock: self, step: .seconds(1), events: [(0, Event.finish)])
    }
    do throws(MarbleSyntaxError) {
      let parsed = try Self.events(of: diagram, step: step, notation: notation, hot: hot)
      let events = try parsed.map { parsed throws(MarbleSyntaxError) -> (step: Int, event: Event) in
        switch parsed.event {
        case .element(let symbol): (parsed.step, .element(try value(symbol, parsed.offset)))
        case .finish: (parsed.step, .finish)
        case .failure: (parsed.step, .failure)
        }
      }
      return MarbleSequence(
        clock: self, step: step, events: events, hotOrigin: hot ? now : nil, errorValue: error)
    } catch {
      TestFailureReporting.record(error.description, at: location)
      return MarbleSequence(clock: self, step: step, events: [(0, Event.finish)])
    }
  }
}
