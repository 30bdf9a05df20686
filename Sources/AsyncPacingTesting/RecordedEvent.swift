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
