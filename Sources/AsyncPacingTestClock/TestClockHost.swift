import AsyncPacing

/// How a ``TestClock`` hosts the work AsyncPacing times on it (AsyncPacing's one seam,
/// `PacingHost`): the internal tasks run on its test executor and are counted by its own
/// counter, and a sleep takes any deadline.
extension TestClock: PacingHost {
  /// The test executor, or `nil` in manual mode.
  ///
  /// ```swift
  /// let reload = Task(executorPreference: clock.preferredTaskExecutor) {}
  /// ```
  public var preferredTaskExecutor: (any TaskExecutor)? { testExecutor }

  /// `true`: advancing moves time to any deadline in one step.
  ///
  /// ```swift
  /// #expect(clock.sleepsUntilAnyDeadline)
  /// ```
  public var sleepsUntilAnyDeadline: Bool { true }

  /// Counted, for the leftover check.
  ///
  /// ```swift
  /// clock.internalTaskStarted()
  /// ```
  public func internalTaskStarted() { internalTasks.taskStarted() }

  /// Counted, for the leftover check.
  ///
  /// ```swift
  /// clock.internalTaskEnded()
  /// ```
  public func internalTaskEnded() { internalTasks.taskEnded() }

  /// From now on settling waits for the main actor too. Also what a `@MainActor` caller of a
  /// test clock's scope tells its clock.
  ///
  /// ```swift
  /// clock.mainActorWorkJoined()
  /// ```
  public func mainActorWorkJoined() {
    testExecutor?.noteMainActorWork()
  }

  /// Names a consumer iterating outside the test's work in ``diagnostics``.
  ///
  /// ```swift
  /// clock.iterationStarted()
  /// ```
  public func iterationStarted() {
    guard case .escaped = origin() else { return }
    report(Self.escapedUseMessage)
  }

  /// Kept with the clock's notes of the seam.
  ///
  /// ```swift
  /// clock.realClockChosen("ContinuousClock", by: "debounce(for:clock:)")
  /// ```
  public func realClockChosen(_ clock: String, by api: String) {
    state.withLock { $0.notes.realClockChoices.append("\(api) on \(clock)") }
  }

  /// A failure of the test, as leftover work is: the value was lost. Kept with the clock's
  /// notes of the seam too.
  ///
  /// ```swift
  /// clock.pacerReleasedHoldingValue("Debouncer<String>")
  /// ```
  public func pacerReleasedHoldingValue(_ pacer: String) {
    let lost = state.withLock { state in
      state.notes.releasedPacersHoldingValues.append(pacer)
      return state.notes.releasedPacersHoldingValues.count
    }
    // Numbered: two pacers lost alike are two failures, not one.
    report(
      """
      TestClock: a \(pacer) timed by this clock was released while it still held a value \
      (lost value \(lost) of this test), \
      which it dropped without running its action: the test let go of it (at the end of the \
      body, or with the suite's instance) before the value was due. Advance the clock past the \
      value's deadline, or call `flush()`, before the pacer goes; or call `cancel()` first if \
      dropping the value is what the test means.
      """)
  }
}
