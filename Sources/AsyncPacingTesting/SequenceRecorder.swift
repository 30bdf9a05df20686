import AsyncPacing
import Synchronization
import Testing

/// The events of a sequence that `clock.record(_:)`
/// iterates, asked for one at a time.
///
/// ```swift
/// await clock.record(searches) { searches in
///   let query = await searches.nextElement()
///   #expect(query == "swift")
///   await searches.expectNoEvents()
/// }
/// ```
public final class SequenceRecorder<Element: Sendable>: Sendable {
  // Shared with the recorder's other habits (`RecorderHabits.swift`).
  struct State {
    var received: [RecordedEvent<Element>] = []
    var consumed = 0
    var hasEnded = false
    var ignoresTheRest = false
  }

  let clock: TestClock
  private let maxAdvances: Int
  let state = Mutex(State())

  init(clock: TestClock, maxAdvances: Int) {
    self.clock = clock
    self.maxAdvances = maxAdvances
  }

  /// Every event received so far, asked for or not.
  ///
  /// ```swift
  /// #expect(searches.received.count == 2)
  /// ```
  public var received: [RecordedEvent<Element>] { state.withLock { $0.received } }

  /// The next event, advancing the clock until one arrives; `nil`, with an issue recorded at
  /// this line, when none can.
  ///
  /// Once nothing on the clock can bring an event (all work settled, nothing sleeps), it waits
  /// up to `timeout` of wall-clock time for work the clock does not time to bring one, as
  /// Turbine's `awaitItem()` does; `timeout` never bounds virtual time.
  ///
  /// ```swift
  /// let event = await searches.next()
  /// #expect(event?.instant == TestClock.Instant(offset: .milliseconds(300)))
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait on the wall clock once nothing on the clock can bring an
  ///     event.
  ///   - fileID: Where the call is, as Swift Testing names it.
  ///   - filePath: Where the call is, as XCTest takes it.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func next(
    timeout: Duration = .seconds(3), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> RecordedEvent<Element>? {
    await next(
      timeout: timeout,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func next(timeout: Duration, location: TestSourceLocation) async -> RecordedEvent<Element>? {
    if timeout < .zero {
      TestFailureReporting.record(
        "`timeout` must not be negative, got \(timeout); waiting for none instead", at: location)
    }
    let patience = max(timeout, .zero)
    let outcome = await clock.run(
      until: { state.withLock { $0.consumed < $0.received.count || $0.hasEnded } },
      maxAdvances: maxAdvances, patience: patience)
    let event = state.withLock { state -> RecordedEvent<Element>? in
      guard state.consumed < state.received.count else { return nil }
      defer { state.consumed += 1 }
      return state.received[state.consumed]
    }
    if let event { return event }
    // A cancelled wait (the guard stopped a stalled test, or the test was cancelled) has failed
    // already, or was asked to stop: nothing more to say, unless the recording has ended.
    if outcome == .idle, Task.isCancelled { return nil }
    let why =
      switch outcome {
      case .done: whyItHasEnded
      case .idle:
        "none came: all work has settled, nothing sleeps on the clock (now \(clock.now)), "
          + "and nothing else brought one within \(patience) of wall-clock time"
      case .limitReached(let next):
        "nothing arrived in \(maxAdvances) advances of the clock (now \(clock.now), the next "
          + "deadline \(next)): a repeating timer that never emits?"
      }
    TestFailureReporting.record("expected an event, but \(why); \(history)", at: location)
    return nil
  }

  /// The next event, which must be an element.
  /// It waits as ``next(timeout:fileID:filePath:line:column:)`` does.
  ///
  /// ```swift
  /// let query = await searches.nextElement()
  /// #expect(query == "swift")
  /// ```
  public func nextElement(
    timeout: Duration = .seconds(3), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> Element? {
    await nextElement(
      timeout: timeout,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func nextElement(timeout: Duration, location: TestSourceLocation) async -> Element? {
    await next(expecting: "an element", timeout: timeout, location: location) { $0.element }
  }

  /// The next event, which must be the end of the sequence.
  /// It waits as ``next(timeout:fileID:filePath:line:column:)`` does.
  ///
  /// ```swift
  /// typing.finish()
  /// await searches.expectFinish()
  /// ```
  public func expectFinish(
    timeout: Duration = .seconds(3), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await expectFinish(
      timeout: timeout,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func expectFinish(timeout: Duration, location: TestSourceLocation) async {
    await next(expecting: "the finish", timeout: timeout, location: location) { event in
      if case .finish = event.kind { () } else { nil }
    }
  }

  /// The next event, which must be an error; returns the error.
  /// It waits as ``next(timeout:fileID:filePath:line:column:)`` does.
  ///
  /// ```swift
  /// let error = await lines.expectFailure()
  /// #expect(error is MarbleFailure)
  /// ```
  @discardableResult
  public func expectFailure(
    timeout: Duration = .seconds(3), fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> (any Error)? {
    await expectFailure(
      timeout: timeout,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  @discardableResult
  func expectFailure(timeout: Duration, location: TestSourceLocation) async -> (any Error)? {
    await next(expecting: "a failure", timeout: timeout, location: location) { event in
      if case .failure(let error) = event.kind { error } else { nil }
    }
  }

  /// The next event, which `match` must accept; records an issue naming `expected` if it does
  /// not.
  @discardableResult
  private func next<Matched>(
    expecting expected: String, timeout: Duration, location: TestSourceLocation,
    _ match: (RecordedEvent<Element>) -> Matched?
  ) async -> Matched? {
    guard let event = await next(timeout: timeout, location: location) else { return nil }
    if let matched = match(event) { return matched }
    unexpected(event, expected: expected, location: location)
    return nil
  }

  /// Settles the clock without moving time, and records an issue if any event arrived that
  /// was not asked for.
  ///
  /// ```swift
  /// typing.yield("s")
  /// await searches.expectNoEvents()   // still inside the quiet period
  /// ```
  public func expectNoEvents(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await expectNoEvents(
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func expectNoEvents(location: TestSourceLocation) async {
    await clock.settle()
    let unasked = state.withLock { Array($0.received[$0.consumed...]) }
    guard !unasked.isEmpty else { return }
    TestFailureReporting.record(
      "expected no event, but received \(Self.list(unasked))", at: location)
  }

  /// Lets the scope end with events nobody asked for, and every later one.
  ///
  /// ```swift
  /// let tick = await ticks.nextElement()
  /// #expect(tick == 1)
  /// searches.ignoreRemainingEvents()
  /// ```
  public func ignoreRemainingEvents() {
    state.withLock { $0.ignoresTheRest = true }
  }

  /// Why nothing more can come once the iteration has ended: the sequence's own end, asked
  /// for already, or the recording's end (its body returned, or the task asking was
  /// cancelled), which the sequence did not bring about.
  private var whyItHasEnded: String {
    let sequenceEnded = state.withLock { state in
      guard let last = state.received.last, case .element = last.kind else {
        return !state.received.isEmpty
      }
      return false
    }
    if sequenceEnded { return "the sequence has ended, and its end was asked for already" }
    if Task.isCancelled {
      return "the task asking was cancelled, which ends the recording: its sequence was "
        + "cancelled and brings nothing more"
    }
    return "the recording is over: its iteration was cancelled when the body of `record(_:)` "
      + "returned or was cancelled, so the recorder cannot be used after it"
  }

  // MARK: The iteration

  func iterate<Recorded: AsyncSequence>(_ sequence: Recorded) async
  where Recorded.Element == Element {
    var iterator = sequence.makeAsyncIterator()
    do throws(Recorded.Failure) {
      while let element = try await iterator.next(isolation: nil) {
        receive(.element(element))
      }
      receive(.finish)
    } catch {
      receive(.failure(error))
    }
    state.withLock { $0.hasEnded = true }
  }

  /// A recorder whose sequence is never iterated: it has ended, and asks fail at once.
  func endWithoutIterating() {
    state.withLock { $0.hasEnded = true }
  }

  private func receive(_ kind: RecordedEvent<Element>.Kind) {
    // What the recording's own cancellation brings about is not the sequence's doing.
    guard !Task.isCancelled else { return }
    let event = RecordedEvent(kind: kind, instant: clock.now)
    state.withLock { $0.received.append(event) }
  }

  func expectEverythingConsumed(location: TestSourceLocation) async {
    await clock.settle()
    let unasked = state.withLock { $0.ignoresTheRest ? [] : Array($0.received[$0.consumed...]) }
    guard !unasked.isEmpty else { return }
    TestFailureReporting.record(
      "the recording ended with events nobody asked for: \(Self.list(unasked)) "
        + "(ask for them, or call ignoreRemainingEvents())", at: location)
  }

  private func unexpected(
    _ event: RecordedEvent<Element>, expected: String, location: TestSourceLocation
  ) {
    TestFailureReporting.record(
      "expected \(expected), but the next event was \(event); \(history)", at: location)
  }

  var history: String {
    let received = self.received
    return received.isEmpty ? "nothing was received" : "received so far: \(Self.list(received))"
  }

  static func list(_ events: [RecordedEvent<Element>]) -> String {
    events.map(\.description).joined(separator: ", ")
  }
}
