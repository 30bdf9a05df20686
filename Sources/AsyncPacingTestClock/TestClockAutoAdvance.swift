import AsyncPacing

extension TestClock {
  /// Who moves a test clock's time: the test, or the clock itself whenever everything waits.
  ///
  /// ```swift
  /// await withTestClock(advancing: .automatic) { clock in
  ///   let (queries, typing) = AsyncStream.makeStream(of: String.self)
  ///   async let typed: Void = {
  ///     typing.yield("S")
  ///     try? await clock.sleep(for: .milliseconds(100))
  ///     typing.yield("Swift")
  ///     try? await clock.sleep(for: .seconds(1))
  ///     typing.finish()
  ///   }()
  ///   var searched: [String] = []
  ///   for await query in queries.debounce(for: .milliseconds(300), clock: clock)
  ///   {
  ///     searched.append(query)  // the loop ends: time moves by itself
  ///   }
  ///   await typed
  ///   #expect(searched == ["Swift"])
  /// }
  /// ```
  public struct Advancing: Sendable, Hashable {
    /// `nil` for manual advancing.
    package let maxAdvancesWithoutProgress: Int?

    /// Time moves only when the test calls ``TestClock/advance(by:)``,
    /// ``TestClock/advance(to:)`` or ``TestClock/run(maxAdvances:)``: the default.
    ///
    /// ```swift
    /// await withTestClock(advancing: .manual) { clock in
    ///   await clock.advance(by: .seconds(1))
    /// }
    /// ```
    public static var manual: Self { Self(maxAdvancesWithoutProgress: nil) }

    /// Whenever all work has settled, no advance, run or settle of the test is under way and
    /// sleepers are pending, time advances to the earliest deadline, as Kotlin's `runTest`
    /// does; it stops after 10,000 such advances in a row without the test body's progress.
    ///
    /// ```swift
    /// await withTestClock(advancing: .automatic) { clock in
    ///   // returns with no one advancing
    ///   try? await clock.sleep(for: .seconds(60))
    ///   #expect(clock.now == TestClock.Instant(offset: .seconds(60)))
    /// }
    /// ```
    public static var automatic: Self { .automatic(maxAdvancesWithoutProgress: 10_000) }

    /// Automatic advancing that stops after `maxAdvancesWithoutProgress` advances in a row during
    /// which the test body made no progress: no job of the body's task, or of a child task it
    /// started, ran other than the wake-up of its own sleep. That is the sign of a timer that
    /// repeats forever while the body waits for something else (a body that only sleeps in a
    /// loop looks the same, and needs a bound above its count). The test then fails with a
    /// message saying so. Work a `@MainActor` body does on the main actor is not seen; its
    /// calls into the clock and into the sequences it iterates are.
    ///
    /// ```swift
    /// await withTestClock(advancing: .automatic(maxAdvancesWithoutProgress: 100))
    /// { clock in
    ///   try? await clock.sleep(for: .seconds(1))
    /// }
    /// ```
    ///
    /// A bound below 1 is a mistake: the test that uses it fails, naming it, and runs with the
    /// default bound. (It is checked when the test runs, not here: a trait is made before any
    /// test runs, where no failure can be recorded.)
    public static func automatic(maxAdvancesWithoutProgress: Int) -> Self {
      Self(maxAdvancesWithoutProgress: maxAdvancesWithoutProgress)
    }
  }
}

extension TestClock {
  /// Auto-advance: moves time to the earliest deadline whenever everything waits, until
  /// cancelled or until `limit` advances in a row saw no job of the body; then calls `onLimit`
  /// and stops.
  func autoAdvance(
    maxAdvancesWithoutProgress limit: Int, onLimit: @Sendable (String) -> Void
  ) async {
    guard let testExecutor else { return }
    var advancesWithoutProgress = 0
    var bodyJobs = testExecutor.bodyJobsRun
    while !Task.isCancelled {
      let (generation, isAdvancedManually) = state.withLock {
        ($0.changeGeneration, $0.manualAdvanceDepth > 0)
      }
      // While the test advances the clock, settling too would only double the main-actor rounds.
      guard !isAdvancedManually else {
        await waitForChange(since: generation)
        continue
      }
      await settleWork()
      // The body may have ended while this settled: no more advances, and no limit to report.
      guard !Task.isCancelled else { return }
      let next = state.withLock { state in
        state.manualAdvanceDepth == 0 ? state.sleepers.lazy.map(\.deadline).min() : nil
      }
      guard let next else {
        await waitForChange(since: generation)
        continue
      }
      let bodyJobsNow = testExecutor.bodyJobsRun
      if bodyJobsNow != bodyJobs {
        bodyJobs = bodyJobsNow
        advancesWithoutProgress = 0
      }
      guard advancesWithoutProgress < limit else {
        onLimit(
          """
          TestClock auto-advance stopped after \(limit) advances in a row in which the test \
          body made no progress, at \(now) with \(pendingSleeperCount) sleeper(s) left, the \
          next due at \(next). Likely cause: code that sleeps in a loop forever (a repeating \
          timer) while the test waits for something else; stop it before waiting, or raise \
          `maxAdvancesWithoutProgress` in `.automatic(maxAdvancesWithoutProgress:)`.
          """)
        return
      }
      // An advance refused because the test advances by hand moved nothing, and does not count.
      if await advanceWork(to: next, unlessAdvancedManually: true) { advancesWithoutProgress += 1 }
    }
  }

  /// Returns once a sleep was registered or a manual advance of the test ended since
  /// `generation`, or once the task is cancelled.
  private func waitForChange(since generation: Int) async {
    await waitCancellably(
      park: { continuation in
        state.withLock { state in
          state.changeGeneration == generation && state.changeWait.park(continuation)
        }
      },
      cancel: { self.state.withLock { $0.changeWait.cancel() } })
  }
}
