import AsyncPacing
import Synchronization

/// Several sequences recorded in one test, as Turbine's `turbineScope { … testIn(…) }`: each
/// ``record(_:maxAdvances:fileID:filePath:line:column:)`` gives a recorder, and when the body of
/// ``TestClock/recording(isolation:fileID:filePath:line:column:_:)`` ends every one is checked
/// and its iteration ended.
///
/// ```swift
/// let queries = clock.marbles("a-b-c|", step: .milliseconds(100))
/// await clock.recording { scope in
///   let searches = scope.record(
///     queries.debounce(for: .milliseconds(300), clock: clock))
///   let hints = scope.record(queries.map { $0.uppercased() })
///   #expect(await hints.nextElement() == "A")
///   #expect(await searches.nextElement() == "c")
///   hints.ignoreRemainingEvents()
///   await searches.expectFinish()
/// }
/// ```
public final class RecordingScope: Sendable {
  /// One recorder of the scope: how to check it when the scope ends, and where it was made.
  private struct Member: Sendable {
    var expectEverythingConsumed: @Sendable () async -> Void
  }

  private enum Phase {
    /// The body runs: iterations go to the scope's starter, a child task of the scope.
    case open(starts: AsyncStream<@Sendable () async -> Void>.Continuation, members: [Member])
    /// The body ended: its members were taken for their check.
    case ended
  }

  private let clock: TestClock
  private let phase: Mutex<Phase>

  fileprivate init(
    clock: TestClock, starts: AsyncStream<@Sendable () async -> Void>.Continuation
  ) {
    self.clock = clock
    phase = Mutex(.open(starts: starts, members: []))
  }

  /// Starts iterating `sequence` on the scope's clock and returns its recorder, which the scope
  /// checks when its body ends: events nobody asked for are one issue at this line, unless the
  /// recorder's `ignoreRemainingEvents()` was called.
  ///
  /// ```swift
  /// let searches = scope.record(queries.debounce(for: .milliseconds(300)))
  /// ```
  public func record<Recorded: AsyncSequence & Sendable>(
    _ sequence: Recorded, maxAdvances: Int = 1_000, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> SequenceRecorder<Recorded.Element> where Recorded.Element: Sendable {
    record(
      sequence, maxAdvances: maxAdvances,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func record<Recorded: AsyncSequence & Sendable>(
    _ sequence: Recorded, maxAdvances: Int, location: TestSourceLocation
  ) -> SequenceRecorder<Recorded.Element> where Recorded.Element: Sendable {
    let recorder = SequenceRecorder<Recorded.Element>(
      clock: clock,
      maxAdvances: SequenceRecorder<Recorded.Element>.checked(
        maxAdvances: maxAdvances, at: location))
    let member = Member { await recorder.expectEverythingConsumed(location: location) }
    // Yielded under the lock, so that the body's end, which finishes the stream under it too,
    // comes wholly before or wholly after: an iteration is never yielded to a finished stream.
    let started = phase.withLock { phase -> Bool in
      guard case .open(let starts, var members) = phase else { return false }
      members.append(member)
      phase = .open(starts: starts, members: members)
      starts.yield { await recorder.iterate(sequence) }
      return true
    }
    guard started else {
      TestFailureReporting.record(
        "record(_:) is called after the body of `recording` ended: nothing is recorded, and "
          + "the recorder has ended", at: location)
      recorder.endWithoutIterating()
      return recorder
    }
    return recorder
  }

  /// Ends the body: each recorder is checked, in the order they were made.
  fileprivate func end() async {
    let members = phase.withLock { phase -> [Member] in
      guard case .open(let starts, let members) = phase else { return [] }
      starts.finish()
      phase = .ended
      return members
    }
    for member in members { await member.expectEverythingConsumed() }
  }
}

extension TestClock {
  /// Records several sequences in one test, as Turbine's `turbineScope`: `body` gets a
  /// ``RecordingScope`` whose `record(_:)` gives a recorder per sequence. When `body` returns
  /// or throws, the clock settles, every recorder with events nobody asked for gives one issue
  /// at its `record` line, and every iteration is cancelled and awaited. The iterations are
  /// child tasks of the call, so they are the test's own work under every scope.
  ///
  /// ```swift
  /// await clock.recording { scope in
  ///   let first = scope.record(clock.marbles("a-b|", step: .seconds(1)))
  ///   let second = scope.record(clock.marbles("-c|", step: .seconds(1)))
  ///   #expect(await second.nextElement() == "c")
  ///   #expect(await first.nextElement() == "a")
  ///   first.ignoreRemainingEvents()
  ///   second.ignoreRemainingEvents()
  /// }
  /// ```
  public func recording<Outcome, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: (RecordingScope) async throws(Failure) -> Outcome
  ) async throws(Failure) -> Outcome {
    try await recording(
      isolation: isolation,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      body)
  }

  func recording<Outcome, Failure: Error>(
    isolation: isolated (any Actor)?, location: TestSourceLocation,
    _ body: (RecordingScope) async throws(Failure) -> Outcome
  ) async throws(Failure) -> Outcome {
    if taskExecutor == nil {
      TestFailureReporting.record(
        "recording(_:): this clock has no test executor, so it cannot tell when the "
          + "sequences' work has run: use the clock that `withTestClock { clock in … }` gives",
        at: location)
    }
    let (starts, starter) = AsyncStream.makeStream(of: (@Sendable () async -> Void).self)
    let scope = RecordingScope(clock: self, starts: starter)
    let outcome: Result<Outcome, Failure> = await withTaskGroup { group in
      // The scope's starter: each iteration is a child task of it, so of the call.
      group.addTask {
        await withDiscardingTaskGroup { iterations in
          for await start in starts { iterations.addTask { await start() } }
        }
      }
      let outcome: Result<Outcome, Failure>
      do throws(Failure) {
        outcome = .success(try await body(scope))
      } catch {
        outcome = .failure(error)
      }
      await scope.end()
      group.cancelAll()
      await group.waitForAll()
      return outcome
    }
    return try outcome.get()
  }
}
