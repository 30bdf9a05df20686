import AsyncPacing

extension TestClock {
  /// Moves time forward by `duration`, running all work that becomes due on the way.
  ///
  /// See ``advance(to:)``.
  ///
  /// ```swift
  /// let save = Debouncer(for: .seconds(1), clock: clock) { await store.save() }
  /// save()
  /// await clock.advance(by: .seconds(1))
  /// let saveCount = await store.saveCount
  /// #expect(saveCount == 1)
  /// ```
  public func advance(by duration: Duration) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `target`, running all work that becomes due on the way.
  ///
  /// First everything that can run runs; then, for each deadline up to and including
  /// `target`, time moves to it, the sleepers due then resume in the order they went to sleep,
  /// and everything that can run runs again. Finally time moves to `target`. A target before
  /// ``now`` only runs what can run: time never goes backwards.
  ///
  /// ```swift
  /// await clock.advance(to: TestClock.Instant(offset: .seconds(3)))
  /// #expect(clock.now.offset == .seconds(3))
  /// ```
  public func advance(to target: Instant) async {
    beginManualAdvance()
    defer { endManualAdvance() }
    await advanceWork(to: target)
  }

  /// Runs all work that can run without moving time.
  ///
  /// That is every job of the test's work: on the test executor, and on the main actor
  /// (main-actor code the test calls, a `Task {}` started there, continuations resumed into
  /// it). Tasks that main-actor code of the test starts off the main actor run on the test
  /// executor. A `Task.detached`, or a plain `Task {}` started outside main-actor code escapes
  /// and is not waited for. Another test's main-actor work is not waited for, and a main
  /// thread blocked by the test's own caller matters only once the test sends work there.
  ///
  /// Before Swift 6.3, and on platforms other than Linux, the clock cannot count main-actor
  /// jobs: once it has seen main-actor work (a `@MainActor` caller, a main-actor pacer action,
  /// a job sent from the main queue) it lets the main actor run what is queued before a
  /// barrier, and repeats until three rounds in a row ran nothing on the test executor.
  ///
  /// ```swift
  /// let pay = Debouncer(for: .seconds(1), edges: .leading, clock: clock) {
  ///   await wallet.pay()
  /// }
  /// pay()
  /// await clock.settle()  // the leading edge runs with no time passing
  /// let payments = await wallet.payments
  /// #expect(payments == 1)
  /// ```
  public func settle() async {
    beginManualAdvance()
    defer { endManualAdvance() }
    await settleWork()
  }

  /// Settling ends after this many quiet rounds in a row. Each round runs one more hand-back
  /// of main-actor work to the main queue, so work that hands itself back one time fewer than
  /// this, unseen by the test executor, is still settled.
  private static let quietRoundsToSettle = 3

  /// Bounds settling when main-actor work and the test executor keep handing work to each
  /// other, as a repeating main-actor timer would.
  private static let maximumMainActorRounds = 1_000

  /// `unlessAdvancedManually`: auto-advance's advance, which moves time only while the test
  /// itself is not advancing, running or settling (a manual advance); the test may start one
  /// between this settling and this move. Returns whether a sleeper was resumed.
  @discardableResult
  func advanceWork(to target: Instant, unlessAdvancedManually: Bool = false) async -> Bool {
    await settleWork()
    var resumedAny = false
    while let due = takeSleepers(dueBy: target, unlessAdvancedManually: unlessAdvancedManually) {
      resumedAny = true
      let resume = { for sleeper in due { self.resume(sleeper) } }
      if let testExecutor { testExecutor.resumingSleepers(resume) } else { resume() }
      await settleWork()
    }
    return resumedAny
  }

  /// Settles in one of two ways, and both are needed: with the runtime's hooks the executor
  /// sees every job of the test's, wherever it runs, so its going idle is the answer; without
  /// them (a toolchain or platform without the hooks, or another library holding the main
  /// executor's) main-actor work is invisible to it, and only rounds through the main actor
  /// until three in a row start nothing can tell.
  func settleWork() async {
    guard let testExecutor else { return }
    // With the runtime's hooks, idle already means: nothing of the test's runs anywhere.
    await testExecutor.waitUntilIdle()
    guard !RuntimeHooks.isInstalled, testExecutor.hasSeenMainActorWork else { return }
    // On the executor, two jobs of each round are this task's own: the return from the main
    // actor and the idle wake-up. Called from elsewhere, it has none there.
    let ownJobs = testExecutor.isCurrent ? 2 : 0
    var quietRounds = 0
    for _ in 0..<Self.maximumMainActorRounds {
      let before = testExecutor.jobsRun
      await waitForMainActor()
      await testExecutor.waitUntilIdle()
      quietRounds = testExecutor.jobsRun - before <= ownJobs ? quietRounds + 1 : 0
      if quietRounds == Self.quietRoundsToSettle { return }
    }
  }

  /// Lets the main actor run what is queued before this barrier; the progress guard names a
  /// main actor that does not answer.
  private func waitForMainActor() async {
    state.withLock { $0.mainActorWaits += 1 }
    await MainActor.run {}
    state.withLock { state in
      state.mainActorWaits -= 1
      state.mainActorAnswers += 1
    }
  }

  func beginManualAdvance() {
    state.withLock { $0.manualAdvanceDepth += 1 }
  }

  func endManualAdvance() {
    let waiter = state.withLock { state in
      state.manualAdvanceDepth -= 1
      return state.takeChangeWaiter()
    }
    waiter?.resume()
  }

  /// Takes the sleepers due at the earliest deadline up to `target`, moving time to it; with
  /// none due, moves time to `target`. Checking and moving under one lock means a sleep
  /// registered concurrently is either taken here or sees the new `now` and returns at once.
  private func takeSleepers(dueBy target: Instant, unlessAdvancedManually: Bool) -> [Sleeper]? {
    state.withLock { state in
      if unlessAdvancedManually && state.manualAdvanceDepth > 0 { return nil }
      guard let next = state.sleepers.lazy.map(\.deadline).min(), next <= target else {
        if state.now < target {
          state.now = target
          state.timeMoves += 1
        }
        return nil
      }
      if state.now < next {
        state.now = next
        state.timeMoves += 1
      }
      // Registration order is kept by the array, so a stable partition keeps it too.
      let due = state.sleepers.filter { $0.deadline == next }
      state.sleepers.removeAll { $0.deadline == next }
      return due
    }
  }
}
