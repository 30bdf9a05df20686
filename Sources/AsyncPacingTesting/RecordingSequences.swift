import AsyncPacing
import Testing

extension TestClock {
  /// Iterates `sequence` on this clock while `body` runs, and hands `body` a recorder to ask
  /// for the next event, in the manner of Kotlin's Turbine.
  ///
  /// ```swift
  /// await withTestClock { clock in
  ///   let (queries, typing) = AsyncStream.makeStream(of: String.self)
  ///   await clock.record(
  ///     queries.debounce(for: .milliseconds(300), clock: clock)
  ///   ) { searches in
  ///     typing.yield("sw")
  ///     typing.yield("swift")
  ///     let query = await searches.nextElement()  // advances to +0.3s
  ///     #expect(query == "swift")
  ///     typing.finish()
  ///     await searches.expectFinish()
  ///   }
  /// }
  /// ```
  ///
  /// Asking settles the clock and, if nothing has arrived, advances it deadline by deadline
  /// until something does, at most `maxAdvances` times. A question that cannot be answered as
  /// asked (another event came, nothing came within the await's `timeout` once nothing on the
  /// clock could bring one, or the limit was reached) records an issue at the line that asked,
  /// naming what did arrive. So does leaving `body` with
  /// events nobody asked for (see ``SequenceRecorder/ignoreRemainingEvents()``). Leaving
  /// `body` cancels the iteration and waits for it to end.
  public func record<Recorded: AsyncSequence & Sendable, Outcome, Failure: Error>(
    _ sequence: Recorded, maxAdvances: Int = 1_000,
    isolation: isolated (any Actor)? = #isolation, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: (SequenceRecorder<Recorded.Element>) async throws(Failure) -> Outcome
  ) async throws(Failure) -> Outcome where Recorded.Element: Sendable {
    try await record(
      sequence, maxAdvances: maxAdvances, isolation: isolation,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      body
    )
  }

  func record<Recorded: AsyncSequence & Sendable, Outcome, Failure: Error>(
    _ sequence: Recorded, maxAdvances: Int, isolation: isolated (any Actor)?,
    location: TestSourceLocation,
    _ body: (SequenceRecorder<Recorded.Element>) async throws(Failure) -> Outcome
  ) async throws(Failure) -> Outcome where Recorded.Element: Sendable {
    if taskExecutor == nil {
      TestFailureReporting.record(
        "record(_:): this clock has no test executor, so it cannot tell when the "
          + "sequence's work has run: use the clock that `withTestClock { clock in … }` gives",
        at: location)
    }
    let recorder = SequenceRecorder<Recorded.Element>(
      clock: self,
      maxAdvances: SequenceRecorder<Recorded.Element>.checked(
        maxAdvances: maxAdvances, at: location))
    let outcome: Result<Outcome, Failure> = await withTaskGroup { group in
      group.addTask { await recorder.iterate(sequence) }
      let outcome: Result<Outcome, Failure>
      do throws(Failure) {
        outcome = .success(try await body(recorder))
      } catch {
        outcome = .failure(error)
      }
      await recorder.expectEverythingConsumed(location: location)
      group.cancelAll()
      await group.waitForAll()
      return outcome
    }
    return try outcome.get()
  }
}

extension SequenceRecorder {
  /// `maxAdvances`, or the default with an issue at `location` when it is not positive.
  static func checked(maxAdvances: Int, at location: TestSourceLocation) -> Int {
    guard maxAdvances <= 0 else { return maxAdvances }
    TestFailureReporting.record(
      "record(_:maxAdvances:): `maxAdvances` must be greater than zero, got "
        + "\(maxAdvances); recording with the default, 1000", at: location)
    return 1_000
  }
}
