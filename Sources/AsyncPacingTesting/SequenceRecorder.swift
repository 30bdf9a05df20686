import AsyncPacing
import Synchronization
import Testing

extension TestClock {
  /// Iterates `sequence` on this clock while `body` runs, and hands `body` a recorder to ask
  /// for the next event, in the manner of Kotlin's Turbine.
  ///
  /// ```swift
  /// await withTestClock { clock in
  ///   let (queries, typing) = AsyncStream.makeStream(of: String.self)
  ///   await clock.record(queries.debounce(for: .milliseconds(300), clock: clock)) { searches in
  ///     typing.yield("sw")
  ///     typing.yield("swift")
  ///     let query = await searches.nextElement()   // advances to +0.3s
  ///     #expect(query == "swift")
  ///     typing.finish()
  ///     await searches.expectFinish()
  ///   }
  /// }
  /// ```
  ///
  /// Asking settles the clock and, if nothing has arrived, advances it deadline by deadline
  /// until something does, at most `maxAdvances` times. A question that cannot be answered as
  /// asked (another event came, nothing can arrive any more, or the limit was reached) records
  /// an issue at the line that asked, naming what did arrive. So does leaving `body` with
  /// events nobody asked for (see ``SequenceRecorder/ignoreRemainingEvents()``). Leaving
  /// `body` cancels the iteration and waits for it to end.
  public func record<Recorded: AsyncSequence & Sendable, Outcome, Failure: Error>(
    _ sequence: Recorded, maxAdvances: Int = 1_000,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (SequenceRecorder<Recorded.Element>) async throws(Failure) -> Outcome
  ) async throws(Failure) -> Outcome where Recorded.Element: Sendable {
    if taskExecutor == nil {
      Issue.record(
        Comment(
          rawValue: "record(_:): this clock has no test executor, so it cannot tell when the "
            + "sequence's work has run: use the clock that `withTestClock { clock in … }` gives"),
        sourceLocation: sourceLocation)
    }
    var maxAdvances = maxAdvances
    if maxAdvances <= 0 {
      Issue.record(
        Comment(
          rawValue: "record(_:maxAdvances:): `maxAdvances` must be greater than zero, got "
            + "\(maxAdvances); recording with the default, 1000"),
        sourceLocation: sourceLocation)
      maxAdvances = 1_000
    }
    let recorder = SequenceRecorder<Recorded.Element>(clock: self, maxAdvances: maxAdvances)
    let outcome: Result<Outcome, Failure> = await withTaskGroup { group in
      group.addTask { await recorder.iterate(sequence) }
      let outcome: Result<Outcome, Failure>
      do throws(Failure) {
        outcome = .success(try await body(recorder))
      } catch {
        outcome = .failure(error)
      }
      await recorder.expectEverythingConsumed(sourceLocation: sourceLocation)
      group.cancelAll()
      await group.waitForAll()
      return outcome
    }
    return try outcome.get()
  }
}

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
  private struct State {
    var received: [RecordedEvent<Element>] = []
    var consumed = 0
    var hasEnded = false
    var ignoresTheRest = false
  }

  private let clock: TestClock
  private let maxAdvances: Int
  private let state = Mutex(State())

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

  /// The next event, advancing the clock until one arrives; `nil`, with an issue recorded,
  /// when none can.
  ///
  /// ```swift
  /// let event = await searches.next()
  /// #expect(event?.instant == TestClock.Instant(offset: .milliseconds(300)))
  /// ```
  public func next(sourceLocation: SourceLocation = #_sourceLocation) async -> RecordedEvent<
    Element
  >? {
    let outcome = await clock.run(
      until: { state.withLock { $0.consumed < $0.received.count || $0.hasEnded } },
      maxAdvances: maxAdvances)
    let event = state.withLock { state -> RecordedEvent<Element>? in
      guard state.consumed < state.received.count else { return nil }
      defer { state.consumed += 1 }
      return state.received[state.consumed]
    }
    if let event { return event }
    let why =
      switch outcome {
      case .done: whyItHasEnded
      case .idle:
        "nothing can arrive any more: all work has settled and nothing sleeps on the clock "
          + "(now \(clock.now))"
      case .limitReached(let next):
        "nothing arrived in \(maxAdvances) advances of the clock (now \(clock.now), the next "
          + "deadline \(next)): a repeating timer that never emits?"
      }
    Issue.record(
      Comment(rawValue: "expected an event, but \(why); \(history)"), sourceLocation: sourceLocation
    )
    return nil
  }

  /// The next event, which must be an element.
  ///
  /// ```swift
  /// let query = await searches.nextElement()
  /// #expect(query == "swift")
  /// ```
  public func nextElement(sourceLocation: SourceLocation = #_sourceLocation) async -> Element? {
    guard let event = await next(sourceLocation: sourceLocation) else { return nil }
    guard let element = event.element else {
      unexpected(event, expected: "an element", sourceLocation: sourceLocation)
      return nil
    }
    return element
  }

  /// The next event, which must be the end of the sequence.
  ///
  /// ```swift
  /// typing.finish()
  /// await searches.expectFinish()
  /// ```
  public func expectFinish(sourceLocation: SourceLocation = #_sourceLocation) async {
    guard let event = await next(sourceLocation: sourceLocation) else { return }
    if case .finish = event.kind { return }
    unexpected(event, expected: "the finish", sourceLocation: sourceLocation)
  }

  /// The next event, which must be an error; returns the error.
  ///
  /// ```swift
  /// let error = await lines.expectFailure()
  /// #expect(error is MarbleFailure)
  /// ```
  @discardableResult
  public func expectFailure(sourceLocation: SourceLocation = #_sourceLocation) async -> (any Error)?
  {
    guard let event = await next(sourceLocation: sourceLocation) else { return nil }
    if case .failure(let error) = event.kind { return error }
    unexpected(event, expected: "a failure", sourceLocation: sourceLocation)
    return nil
  }

  /// Settles the clock without moving time, and records an issue if any event arrived that
  /// was not asked for.
  ///
  /// ```swift
  /// typing.yield("s")
  /// await searches.expectNoEvents()   // still inside the quiet period
  /// ```
  public func expectNoEvents(sourceLocation: SourceLocation = #_sourceLocation) async {
    await clock.settle()
    let unasked = state.withLock { Array($0.received[$0.consumed...]) }
    guard !unasked.isEmpty else { return }
    Issue.record(
      Comment(rawValue: "expected no event, but received \(Self.list(unasked))"),
      sourceLocation: sourceLocation)
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

  private func receive(_ kind: RecordedEvent<Element>.Kind) {
    // What the recording's own cancellation brings about is not the sequence's doing.
    guard !Task.isCancelled else { return }
    let event = RecordedEvent(kind: kind, instant: clock.now)
    state.withLock { $0.received.append(event) }
  }

  func expectEverythingConsumed(sourceLocation: SourceLocation) async {
    await clock.settle()
    let unasked = state.withLock { $0.ignoresTheRest ? [] : Array($0.received[$0.consumed...]) }
    guard !unasked.isEmpty else { return }
    Issue.record(
      Comment(
        rawValue: "the recording ended with events nobody asked for: \(Self.list(unasked)) "
          + "(ask for them, or call ignoreRemainingEvents())"),
      sourceLocation: sourceLocation)
  }

  private func unexpected(
    _ event: RecordedEvent<Element>, expected: String, sourceLocation: SourceLocation
  ) {
    Issue.record(
      Comment(rawValue: "expected \(expected), but the next event was \(event); \(history)"),
      sourceLocation: sourceLocation)
  }

  private var history: String {
    let received = self.received
    return received.isEmpty ? "nothing was received" : "received so far: \(Self.list(received))"
  }

  private static func list(_ events: [RecordedEvent<Element>]) -> String {
    events.map(\.description).joined(separator: ", ")
  }
}
