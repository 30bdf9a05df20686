import AsyncPacing
import Synchronization
import Testing

extension TestClock {
  /// Iterates `sequence` on this clock, advancing the clock deadline by deadline, and draws
  /// what it produced as a marble diagram, one character per `step`, counted from the call.
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
  /// Each element is drawn by `String(describing:)`: bare when it is one letter or digit,
  /// quoted otherwise (`'10'`, `''`, `'it''s'`); `|` for the end, `^` for any error, `[…]` for
  /// several events at one step. Quiet steps after the last event are not drawn.
  ///
  /// It returns when the sequence ends, when nothing more can happen (all work has settled and
  /// no sleeper is left on the clock), or when the next deadline lies more than `maxSteps`
  /// steps after the call; a sequence that did not end has no ending symbol. Then it cancels
  /// the iteration and waits for it, so nothing of it is left sleeping on the clock.
  ///
  /// - Parameters:
  ///   - sequence: What to draw: any `AsyncSequence`, with elements drawn by their description.
  ///   - step: How long one character of the diagram lasts.
  ///   - notation: The dialect to draw in: `.rxjs` writes `-` per quiet frame and several
  ///     events at a frame as `(…)`; what it cannot show (an element longer than one
  ///     character, an event sooner after a group than the group is wide) is one issue, and
  ///     the pacing drawing is returned.
  ///   - busySteps: After each element the consumer works this many steps, sleeping on the
  ///     clock, before it asks for the next: a busy consumer.
  ///   - cancelledAt: The step at which the consumer's task is cancelled, if any. What falls
  ///     due at that step is drawn first, then the cancellation comes (RxJS's `!` at a frame
  ///     hides that frame's events).
  ///   - maxSteps: How far time may move, in steps of the diagram, so that a repeating timer
  ///     cannot run the drawing forever; the clock may also advance at most 64 times a step.
  ///   - fileID: Where a failure is reported: the caller's file, for Swift Testing.
  ///   - filePath: The caller's file, for XCTest.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  ///
  /// Events at instants that are not a whole number of steps from the call are recorded as one
  /// issue naming the first, its instant and the step, and how many more there were; so is a
  /// clock not made by `withTestClock`, which could not tell when the sequence's work has run.
  public func marbles<Drawn: AsyncSequence & Sendable>(
    of sequence: Drawn, step: Duration, notation: MarbleNotation = .pacing, busySteps: Int = 0,
    cancelledAt: Int? = nil, maxSteps: Int = 1_000, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> String {
    await marbles(
      of: sequence, step: step, notation: notation, busySteps: busySteps,
      cancelledAt: cancelledAt, maxSteps: maxSteps,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func marbles<Drawn: AsyncSequence & Sendable>(
    of sequence: Drawn, step: Duration, notation: MarbleNotation = .pacing, busySteps: Int,
    cancelledAt: Int?, maxSteps: Int, location: TestSourceLocation
  ) async -> String {
    guard
      let events = await drawnEvents(
        of: sequence, step: step, busySteps: busySteps, cancelledAt: cancelledAt,
        maxSteps: maxSteps, location: location)?.events
    else { return "" }
    guard notation == .rxjs else { return MarbleNotation.render(events) }
    switch RxJSMarbleWriter.render(events) {
    case .success(let diagram):
      return diagram
    case .failure(let unshowable):
      let pacing = MarbleNotation.render(events)
      TestFailureReporting.record(
        "marbles(of:notation: .rxjs): \(unshowable); the drawing in the pacing notation is "
          + "returned instead: \(pacing)", at: location)
      return pacing
    }
  }

  /// What ``marbles(of:step:notation:busySteps:cancelledAt:maxSteps:fileID:filePath:line:column:)`` draws, as
  /// events, with the error value of the failure drawn if there is one (see
  /// `MarbleFailure.errorValue(of:)`); `nil` when the arguments allow no drawing (an issue
  /// says why).
  func drawnEvents<Drawn: AsyncSequence & Sendable>(
    of sequence: Drawn, step: Duration, busySteps: Int, cancelledAt: Int?, maxSteps: Int,
    location: TestSourceLocation
  ) async -> (events: [MarbleStepEvent], failureValue: String?)? {
    guard
      checkDrawingArguments(
        step: step, busySteps: busySteps, cancelledAt: cancelledAt, maxSteps: maxSteps,
        location: location)
    else { return nil }
    let start = now
    let limit = start.advanced(by: step.times(maxSteps))
    // Deadlines finer than the step could take many advances per step; this bounds them too.
    let (advancesPerStep, overflow) = maxSteps.multipliedReportingOverflow(by: 64)
    let maxAdvances = overflow ? Int.max : advancesPerStep
    let busyFor = step.times(busySteps)
    let log = DrawingLog()
    let outcome = await withTaskGroup { group in
      group.addTask {
        // Once the drawing cancels the iteration, nothing more is drawn: an element or an end
        // that the cancellation itself brings about is not the sequence's doing.
        func record(_ event: MarbleEvent) {
          guard !Task.isCancelled else { return }
          let instant = self.now
          log.received.withLock { $0.append((instant, event)) }
        }
        var iterator = sequence.makeAsyncIterator()
        do throws(Drawn.Failure) {
          while let element = try await iterator.next(isolation: nil) {
            record(.element(String(describing: element)))
            if busySteps > 0 {
              do {
                try await self.sleep(until: self.now.advanced(by: busyFor))
              } catch {}
            }
            if Task.isCancelled { break }
          }
          record(.finish)
        } catch {
          if !Task.isCancelled {
            log.failureValue.withLock { $0 = MarbleFailure.errorValue(of: error) }
          }
          record(.failure)
        }
        log.hasEnded.withLock { $0 = true }
      }
      let outcome = await run(
        until: { log.hasEnded.withLock { $0 } }, through: limit, maxAdvances: maxAdvances,
        pause: cancelledAt.map { start.advanced(by: step.times($0)) },
        atPause: { group.cancelAll() })
      group.cancelAll()
      await group.waitForAll()
      return outcome
    }
    await settle()
    let (events, betweenSteps) = events(log.received.withLock { $0 }, from: start, step: step)
    // One issue for one cause: deadlines finer than the step make both many advances and many
    // events between steps.
    var problems: [String] = []
    if case .limitReached(let next) = outcome, next <= limit {
      problems.append(
        "the clock advanced \(maxAdvances) times before step \(maxSteps) (now \(now)): deadlines "
          + "much finer than the step?")
    }
    if let first = betweenSteps.first {
      let more = betweenSteps.count > 1 ? "; \(betweenSteps.count - 1) more came between steps" : ""
      problems.append(
        "\(first.event.symbol) came at \(first.instant), which is not a whole number of steps of "
          + "\(step) from the start at \(start); drawn at step \(first.step)\(more)")
    }
    if !problems.isEmpty {
      TestFailureReporting.record(
        "marbles(of:step:): " + problems.joined(separator: "; and "), at: location)
    }
    return (events, log.failureValue.withLock { $0 })
  }

  /// Records an issue and returns false when the drawing cannot be made.
  private func checkDrawingArguments(
    step: Duration, busySteps: Int, cancelledAt: Int?, maxSteps: Int,
    location: TestSourceLocation
  ) -> Bool {
    var problems: [String] = []
    if step <= .zero { problems.append("`step` must be positive, got \(step)") }
    if busySteps < 0 { problems.append("`busySteps` must not be negative, got \(busySteps)") }
    if maxSteps <= 0 { problems.append("`maxSteps` must be positive, got \(maxSteps)") }
    if let cancelledAt, cancelledAt < 0 || cancelledAt > maxSteps {
      problems.append(
        "`cancelledAt` must be a step from 0 to `maxSteps` (\(maxSteps)), got \(cancelledAt)")
    }
    if taskExecutor == nil {
      problems.append(
        "this clock has no test executor, so it cannot tell when the sequence's work has run: "
          + "use the clock that `withTestClock { clock in … }` gives")
    }
    for problem in problems {
      TestFailureReporting.record("marbles(of:step:): \(problem)", at: location)
    }
    return problems.isEmpty
  }

  /// The received events at their steps, and those that came between two steps.
  private func events(
    _ received: [(instant: Instant, event: MarbleEvent)], from start: Instant, step: Duration
  ) -> (
    [MarbleStepEvent], betweenSteps: [(event: MarbleEvent, instant: Instant, step: Int)]
  ) {
    var betweenSteps: [(event: MarbleEvent, instant: Instant, step: Int)] = []
    let events = received.map { instant, event in
      let (steps, remainder) = start.duration(to: instant).dividedInWholeSteps(of: step)
      if remainder != .zero { betweenSteps.append((event, instant, steps)) }
      return MarbleStepEvent(step: steps, event: event)
    }
    return (events, betweenSteps)
  }
}

/// What the drawing's iteration received, shared with the task that iterates.
private final class DrawingLog: Sendable {
  let received = Mutex<[(instant: TestClock.Instant, event: MarbleEvent)]>([])
  let hasEnded = Mutex(false)
  let failureValue = Mutex<String?>(nil)
}
