@testable import AsyncPacingTesting

/// One thing that happens at a step of a schedule (the library's `MarbleEvent` is its own).
enum StepEvent: Hashable, Sendable {
  case value(String)
  case finish
  case failure
}

/// An event at a step of a marble diagram (a step is one tick of a `TestClock`).
struct TimedEvent: Hashable, Sendable, CustomStringConvertible {
  var step: Int
  var event: StepEvent

  // `c@7` reads better than the synthesized dump in a failed `#expect`.
  var description: String { "\(event.symbol)@\(step)" }
}

/// The marble notation of <doc:PacingContract> ("Time and marble diagrams"), as the public
/// marble API reads and draws it, in the shape the models and machine drivers use.
enum Marble {
  /// Parses a diagram such as "a-b-[cd]--'xy'|" into events. Invalid notation is a
  /// precondition failure with a message that shows the diagram.
  static func parse(_ diagram: String) -> [TimedEvent] {
    do {
      return try parseChecked(diagram)
    } catch {
      preconditionFailure("Marble: \(error.problem) in \"\(diagram)\"")
    }
  }

  /// Parses like ``parse(_:)``, but reports invalid notation as an error: for diagrams that
  /// come from documents rather than from tests.
  static func parseChecked(_ diagram: String) throws(NotationError) -> [TimedEvent] {
    do throws(MarbleSyntaxError) {
      return try MarbleNotation.parse(diagram).map {
        TimedEvent(step: $0.step, event: $0.event.asTestEvent)
      }
    } catch {
      throw NotationError(problem: "\(error.problem) at offset \(error.offset)")
    }
  }

  /// Why a diagram is not valid notation, and where.
  struct NotationError: Error {
    var problem: String
  }

  /// Renders events back into the same notation (events sorted by step); nothing after the
  /// last event.
  static func render(_ events: [TimedEvent]) -> String {
    MarbleNotation.render(
      events.map { MarbleStepEvent(step: $0.step, event: $0.event.asNotationEvent) })
  }

  /// Two diagrams one above the other, labelled, for failure messages.
  static func comparison(expected: [TimedEvent], actual: [TimedEvent]) -> String {
    "expected: \(render(expected))\n  actual: \(render(actual))"
  }
}

extension StepEvent {
  /// How the event is written in a diagram.
  var symbol: String { asNotationEvent.symbol }

  fileprivate var asNotationEvent: AsyncPacingTesting.MarbleEvent {
    switch self {
    case .value(let value): .element(value)
    case .finish: .finish
    case .failure: .failure
    }
  }
}

extension AsyncPacingTesting.MarbleEvent {
  fileprivate var asTestEvent: AsyncPacingTests.StepEvent {
    switch self {
    case .element(let value): .value(value)
    case .finish: .finish
    case .failure: .failure
    }
  }
}
