import AsyncPacing

/// One event a ``SequenceRecorder`` received, with the instant it happened.
///
/// ```swift
/// let event = await recorder.next()
/// #expect(event?.element == "swift")
/// #expect(event?.instant == TestClock.Instant(offset: .milliseconds(300)))
/// ```
public struct RecordedEvent<Element: Sendable>: Sendable, CustomStringConvertible {
  /// What happened.
  ///
  /// ```swift
  /// if case .failure(let error) = event.kind { print(error) }
  /// ```
  public enum Kind: Sendable {
    /// The sequence produced an element.
    case element(Element)
    /// The sequence ended.
    case finish
    /// The sequence threw.
    case failure(any Error)
  }

  /// What happened.
  ///
  /// ```swift
  /// guard case .element(let query) = event.kind else { return }
  /// ```
  public var kind: Kind

  /// When, on the recording clock.
  ///
  /// ```swift
  /// #expect(event.instant == TestClock.Instant(offset: .milliseconds(300)))
  /// ```
  public var instant: TestClock.Instant

  /// An event as a test expects it.
  ///
  /// ```swift
  /// let expected = RecordedEvent(
  ///   kind: .element("swift"), instant: .init(offset: .seconds(1)))
  /// let event = await searches.next()
  /// #expect(event == expected)
  /// ```
  public init(kind: Kind, instant: TestClock.Instant) {
    self.kind = kind
    self.instant = instant
  }

  /// The element, if the event is one.
  ///
  /// ```swift
  /// #expect(event.element == "swift")
  /// ```
  public var element: Element? {
    if case .element(let element) = kind { element } else { nil }
  }

  /// The event as a test failure shows it.
  ///
  /// ```swift
  /// print(event)   // element "sw" at +0.3s
  /// ```
  public var description: String {
    switch kind {
    case .element(let element): "element \(String(reflecting: element)) at \(instant)"
    case .finish: "finish at \(instant)"
    case .failure(let error): "failure \(error) at \(instant)"
    }
  }
}

extension RecordedEvent: Equatable where Element: Equatable {
  /// Equal kinds at equal instants; two failures are equal when they print the same, since
  /// errors are not `Equatable`.
  ///
  /// ```swift
  /// let event = await lines.next()
  /// #expect(
  ///   event == RecordedEvent(kind: .finish, instant: .init(offset: .seconds(2)))
  /// )
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.instant == rhs.instant else { return false }
    switch (lhs.kind, rhs.kind) {
    case (.element(let left), .element(let right)): return left == right
    case (.finish, .finish): return true
    case (.failure(let left), .failure(let right)):
      return String(reflecting: left) == String(reflecting: right)
    default: return false
    }
  }
}
