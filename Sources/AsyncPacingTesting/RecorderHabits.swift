import AsyncPacing

/// What Turbine's users reach for beyond one event at a time: skipping elements, and the
/// latest of those received so far.
extension SequenceRecorder {
  /// Takes the next `count` events, each of which must be an element, as Turbine's
  /// `skipItems(_:)`. Each is waited for as
  /// ``nextElement(timeout:fileID:filePath:line:column:)`` waits; a finish or a failure
  /// among them is taken too, and is one issue at this line.
  ///
  /// ```swift
  /// await searches.skip(2)   // "s" and "sw"
  /// #expect(await searches.nextElement() == "swift")
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many elements to take; a negative count is an issue, and nothing is taken.
  ///   - timeout: How long to wait for each, on the wall clock, once nothing on the clock can
  ///     bring it.
  ///   - fileID: Where the call is, as Swift Testing names it.
  ///   - filePath: Where the call is, as XCTest takes it.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func skip(
    _ count: Int, timeout: Duration = .seconds(3), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await skip(
      count, timeout: timeout,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func skip(_ count: Int, timeout: Duration, location: TestSourceLocation) async {
    guard count >= 0 else {
      return TestFailureReporting.record(
        "`count` must not be negative, got \(count); nothing was skipped", at: location)
    }
    // Checked once here, where `next` would record it for every event it takes.
    var timeout = timeout
    if timeout < .zero {
      TestFailureReporting.record(
        "`timeout` must not be negative, got \(timeout); waiting for none instead", at: location)
      timeout = .zero
    }
    for taken in 0..<count {
      // `next` records its own issue when nothing comes.
      guard let event = await next(timeout: timeout, location: location) else { return }
      guard case .element = event.kind else {
        return TestFailureReporting.record(
          "expected \(count) elements to skip, but after \(taken) the next event was \(event); "
            + history, at: location)
      }
    }
  }

  /// The latest element received so far, as Turbine's `expectMostRecentItem()`: settles the
  /// clock without moving time and takes every element received and not yet asked for. A
  /// finish after them stays to be asked for.
  ///
  /// With none received, it records an issue at this line, takes nothing and returns `nil`;
  /// when the sequence failed among them, it takes the elements and the failure, records an
  /// issue and returns `nil`.
  ///
  /// ```swift
  /// typing.yield("s"); typing.yield("sw")
  /// #expect(await queries.expectMostRecentElement() == "sw")
  /// ```
  public func expectMostRecentElement(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async -> Element? {
    await expectMostRecentElement(
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func expectMostRecentElement(location: TestSourceLocation) async -> Element? {
    await clock.settle()
    let taken = state.withLock { state in MostRecent.take(&state) }
    switch taken {
    case .element(let element):
      return element
    case .none:
      TestFailureReporting.record(
        "expected a most recent element, but none was received since the last one taken (now "
          + "\(clock.now)); \(history)", at: location)
    case .failure(let failure, let elements):
      TestFailureReporting.record(
        "expected a most recent element, but the sequence failed after \(elements) element(s): "
          + "\(failure); \(history)", at: location)
    }
    return nil
  }

  /// What `expectMostRecentElement()` takes from the events not yet asked for.
  private enum MostRecent {
    case element(Element)
    case none
    case failure(RecordedEvent<Element>, elements: Int)

    static func take(_ state: inout State) -> Self {
      var latest: Element?
      var elements = 0
      var index = state.consumed
      while index < state.received.count {
        let event = state.received[index]
        switch event.kind {
        case .element(let element):
          latest = element
          elements += 1
          index += 1
        case .failure:
          state.consumed = index + 1
          return .failure(event, elements: elements)
        case .finish:
          // Stays to be asked for.
          index = state.received.count
        }
      }
      guard let latest else { return .none }
      state.consumed += elements
      return .element(latest)
    }
  }
}
