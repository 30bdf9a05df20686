import AsyncPacing
import Testing

// Each public function also takes Swift Testing's `SourceLocation`, for a helper that passes on
// its own caller's. These forms have no default: with both forms defaulted, the compiler would
// pick the `#_sourceLocation` one, which a file without `import Testing` cannot expand.

/// ``withTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``,
/// with failures reported at `sourceLocation`.
///
/// ```swift
/// func withFeatureClock(
///   sourceLocation: SourceLocation = #_sourceLocation,
///   _ body: (TestClock) async -> Void
/// ) async {
///   await withTestClock(sourceLocation: sourceLocation, body)
/// }
/// ```
public func withTestClock<R, E: Error>(
  scope: TestClock.Scope = .taskTree,
  advancing: TestClock.Advancing = .manual, progressTimeout: Duration = .seconds(5),
  sourceLocation: SourceLocation, isolation: isolated (any Actor)? = #isolation,
  _ body: sending (TestClock) async throws(E) -> sending R
) async throws(E) -> sending R {
  try await TestClockDriver.run(
    scope: scope, advancing: advancing, progressTimeout: progressTimeout,
    location: TestSourceLocation(sourceLocation), api: "withTestClock",
    startsOnMainActor: isolation === MainActor.shared, body)
}

extension TestClock {
  /// ``marbles(_:step:notation:error:fileID:filePath:line:column:)``, with failures reported
  /// at `sourceLocation`.
  ///
  /// ```swift
  /// let queries = clock.marbles(
  ///   "a-b|", step: .seconds(1), sourceLocation: sourceLocation)
  /// ```
  public func marbles(
    _ diagram: String, step: Duration, notation: MarbleNotation = .pacing,
    error: String? = nil, sourceLocation: SourceLocation
  ) -> MarbleSequence<String> {
    marbles(
      diagram, step: step, notation: notation, error: error,
      location: TestSourceLocation(sourceLocation)
    ) { symbol, _ in symbol }
  }

  /// ``marbles(_:step:notation:values:error:fileID:filePath:line:column:)``, with failures
  /// reported at `sourceLocation`.
  ///
  /// ```swift
  /// let numbers = clock.marbles(
  ///   "a-b|", step: .seconds(1), values: ["a": 1, "b": 2],
  ///   sourceLocation: sourceLocation)
  /// ```
  public func marbles<Value: Sendable>(
    _ diagram: String, step: Duration, notation: MarbleNotation = .pacing,
    values: [String: Value], error: String? = nil, sourceLocation: SourceLocation
  ) -> MarbleSequence<Value> {
    marbles(
      diagram, step: step, notation: notation, values: values, error: error,
      location: TestSourceLocation(sourceLocation))
  }

  /// ``hotMarbles(_:step:notation:error:fileID:filePath:line:column:)``, with failures
  /// reported at `sourceLocation`.
  ///
  /// ```swift
  /// let queries = clock.hotMarbles(
  ///   "a-b|", step: .seconds(1), sourceLocation: sourceLocation)
  /// ```
  public func hotMarbles(
    _ diagram: String, step: Duration, notation: MarbleNotation = .pacing,
    error: String? = nil, sourceLocation: SourceLocation
  ) -> MarbleSequence<String> {
    marbles(
      diagram, step: step, notation: notation, error: error, hot: true,
      location: TestSourceLocation(sourceLocation)
    ) { symbol, _ in symbol }
  }

  /// ``hotMarbles(_:step:notation:values:error:fileID:filePath:line:column:)``, with failures
  /// reported at `sourceLocation`.
  ///
  /// ```swift
  /// let numbers = clock.hotMarbles(
  ///   "a-b|", step: .seconds(1), values: ["a": 1, "b": 2],
  ///   sourceLocation: sourceLocation)
  /// ```
  public func hotMarbles<Value: Sendable>(
    _ diagram: String, step: Duration, notation: MarbleNotation = .pacing,
    values: [String: Value], error: String? = nil, sourceLocation: SourceLocation
  ) -> MarbleSequence<Value> {
    marbles(
      diagram, step: step, notation: notation, values: values, error: error, hot: true,
      location: TestSourceLocation(sourceLocation))
  }

  /// ``marbles(of:step:notation:busySteps:cancelledAt:maxSteps:fileID:filePath:line:column:)``, with
  /// failures reported at `sourceLocation`.
  ///
  /// ```swift
  /// let drawn = await clock.marbles(
  ///   of: searches, step: .seconds(1), sourceLocation: sourceLocation)
  /// ```
  public func marbles<Drawn: AsyncSequence & Sendable>(
    of sequence: Drawn, step: Duration, notation: MarbleNotation = .pacing, busySteps: Int = 0,
    cancelledAt: Int? = nil, maxSteps: Int = 1_000, sourceLocation: SourceLocation
  ) async -> String {
    await marbles(
      of: sequence, step: step, notation: notation, busySteps: busySteps,
      cancelledAt: cancelledAt, maxSteps: maxSteps, location: TestSourceLocation(sourceLocation))
  }

  /// ``expectMarbles(_:of:step:notation:values:error:busySteps:cancelledAt:maxSteps:fileID:filePath:line:column:)``,
  /// with failures reported at `sourceLocation`.
  ///
  /// ```swift
  /// await clock.expectMarbles(
  ///   "--c|", of: searches, step: .seconds(1), sourceLocation: sourceLocation)
  /// ```
  public func expectMarbles<Drawn: AsyncSequence & Sendable>(
    _ expected: String, of sequence: Drawn, step: Duration, notation: MarbleNotation = .pacing,
    values: [String: Drawn.Element] = [:], error: String? = nil, busySteps: Int = 0,
    cancelledAt: Int? = nil, maxSteps: Int = 1_000, sourceLocation: SourceLocation
  ) async {
    await expectMarbles(
      expected, of: sequence, step: step, notation: notation, values: values, error: error,
      busySteps: busySteps, cancelledAt: cancelledAt, maxSteps: maxSteps,
      location: TestSourceLocation(sourceLocation))
  }

  /// ``record(_:maxAdvances:isolation:fileID:filePath:line:column:_:)``, with failures
  /// reported at `sourceLocation`.
  ///
  /// ```swift
  /// await clock.record(searches, sourceLocation: sourceLocation) { searches in
  ///   await searches.expectFinish(sourceLocation: sourceLocation)
  /// }
  /// ```
  public func record<Recorded: AsyncSequence & Sendable, Outcome, Failure: Error>(
    _ sequence: Recorded, maxAdvances: Int = 1_000,
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation,
    _ body: (SequenceRecorder<Recorded.Element>) async throws(Failure) -> Outcome
  ) async throws(Failure) -> Outcome where Recorded.Element: Sendable {
    try await record(
      sequence, maxAdvances: maxAdvances, isolation: isolation,
      location: TestSourceLocation(sourceLocation), body)
  }
}

extension SequenceRecorder {
  /// ``next(timeout:fileID:filePath:line:column:)``, with a failure reported at `sourceLocation`.
  ///
  /// ```swift
  /// let event = await searches.next(sourceLocation: sourceLocation)
  /// ```
  public func next(
    timeout: Duration = .seconds(3), sourceLocation: SourceLocation
  ) async -> RecordedEvent<Element>? {
    await next(timeout: timeout, location: TestSourceLocation(sourceLocation))
  }

  /// ``nextElement(timeout:fileID:filePath:line:column:)``, with a failure reported at
  /// `sourceLocation`.
  ///
  /// ```swift
  /// let query = await searches.nextElement(sourceLocation: sourceLocation)
  /// ```
  public func nextElement(
    timeout: Duration = .seconds(3), sourceLocation: SourceLocation
  ) async -> Element? {
    await nextElement(timeout: timeout, location: TestSourceLocation(sourceLocation))
  }

  /// ``expectFinish(timeout:fileID:filePath:line:column:)``, with a failure reported at
  /// `sourceLocation`.
  ///
  /// ```swift
  /// await searches.expectFinish(sourceLocation: sourceLocation)
  /// ```
  public func expectFinish(
    timeout: Duration = .seconds(3), sourceLocation: SourceLocation
  ) async {
    await expectFinish(timeout: timeout, location: TestSourceLocation(sourceLocation))
  }

  /// ``expectFailure(timeout:fileID:filePath:line:column:)``, with a failure reported at
  /// `sourceLocation`.
  ///
  /// ```swift
  /// let error = await lines.expectFailure(sourceLocation: sourceLocation)
  /// ```
  @discardableResult
  public func expectFailure(
    timeout: Duration = .seconds(3), sourceLocation: SourceLocation
  ) async -> (any Error)? {
    await expectFailure(timeout: timeout, location: TestSourceLocation(sourceLocation))
  }

  /// ``expectNoEvents(fileID:filePath:line:column:)``, with a failure reported at
  /// `sourceLocation`.
  ///
  /// ```swift
  /// await searches.expectNoEvents(sourceLocation: sourceLocation)
  /// ```
  public func expectNoEvents(sourceLocation: SourceLocation) async {
    await expectNoEvents(location: TestSourceLocation(sourceLocation))
  }

  /// ``skip(_:timeout:fileID:filePath:line:column:)``, with a failure reported at
  /// `sourceLocation`.
  ///
  /// ```swift
  /// await searches.skip(2, sourceLocation: sourceLocation)
  /// ```
  public func skip(
    _ count: Int, timeout: Duration = .seconds(3), sourceLocation: SourceLocation
  ) async {
    await skip(count, timeout: timeout, location: TestSourceLocation(sourceLocation))
  }

  /// ``expectMostRecentElement(fileID:filePath:line:column:)``, with a failure reported at
  /// `sourceLocation`.
  ///
  /// ```swift
  /// let latest = await queries.expectMostRecentElement(
  ///   sourceLocation: sourceLocation)
  /// ```
  public func expectMostRecentElement(sourceLocation: SourceLocation) async -> Element? {
    await expectMostRecentElement(location: TestSourceLocation(sourceLocation))
  }
}

extension TestClock {
  /// ``recording(isolation:fileID:filePath:line:column:_:)``, with failures reported at
  /// `sourceLocation`.
  ///
  /// ```swift
  /// await clock.recording(sourceLocation: sourceLocation) { scope in }
  /// ```
  public func recording<Outcome, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation,
    _ body: (RecordingScope) async throws(Failure) -> Outcome
  ) async throws(Failure) -> Outcome {
    try await recording(
      isolation: isolation, location: TestSourceLocation(sourceLocation), body)
  }
}

extension RecordingScope {
  /// ``record(_:maxAdvances:fileID:filePath:line:column:)``, with failures reported at
  /// `sourceLocation`.
  ///
  /// ```swift
  /// let searches = scope.record(queries, sourceLocation: sourceLocation)
  /// ```
  public func record<Recorded: AsyncSequence & Sendable>(
    _ sequence: Recorded, maxAdvances: Int = 1_000, sourceLocation: SourceLocation
  ) -> SequenceRecorder<Recorded.Element> where Recorded.Element: Sendable {
    record(sequence, maxAdvances: maxAdvances, location: TestSourceLocation(sourceLocation))
  }
}

extension TestClock {
  /// ``expectSubscriptions(_:of:fileID:filePath:line:column:)``, with a failure reported at
  /// `sourceLocation`.
  ///
  /// ```swift
  /// await clock.expectSubscriptions(
  ///   ["^-!"], of: letters, sourceLocation: sourceLocation)
  /// ```
  public func expectSubscriptions<Element>(
    _ expected: [String], of source: MarbleSequence<Element>, sourceLocation: SourceLocation
  ) async {
    await expectSubscriptions(expected, of: source, location: TestSourceLocation(sourceLocation))
  }
}
