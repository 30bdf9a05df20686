import AsyncPacing

extension TestClock {
  /// Advances deadline by deadline until no task sleeps on this clock.
  ///
  /// - Parameter maxAdvances: how many times time may move to the next deadline before giving
  ///   up; a loop that sleeps forever (a repeating timer) would otherwise never end. When the
  ///   bound is hit, the clock records a diagnostic and returns. A bound below 1 is a
  ///   programming error: it stops the program with a message naming it.
  ///
  /// ```swift
  /// save()
  /// await clock.run()  // to the debounce deadline, and on until nothing sleeps
  /// let saveCount = await store.saveCount
  /// #expect(saveCount == 1)
  /// ```
  public func run(maxAdvances: Int = 10_000) async {
    checkArgument(
      maxAdvances > 0,
      "TestClock.run(maxAdvances:): `maxAdvances` must be greater than zero, got \(maxAdvances)")
    guard case .limitReached(let next) = await run(until: { false }, maxAdvances: maxAdvances)
    else { return }
    report(
      """
      TestClock.run() stopped after \(maxAdvances) advances at \(now) with \
      \(pendingSleeperCount) sleeper(s) left, the next due at \(next). Likely causes: code \
      that sleeps in a loop forever (a repeating timer; advance by a bounded duration \
      instead), or work that escaped the test executor (a `Task.detached`, or a plain \
      `Task {}` started outside main-actor code) and keeps registering sleeps.
      """)
  }

  /// The one loop of every run: settles, then advances deadline by deadline, settling after
  /// each, until `isDone`, until nothing more can happen, or until the next deadline lies past
  /// `limit` or `maxAdvances` advances were made. `pause`, if given, is an instant at which to
  /// stop once (time moves there even with no sleeper due) and call `atPause`. The whole run
  /// is one manual advance: auto-advance waits for it.
  package func run(
    until isDone: () -> Bool, through limit: Instant? = nil, maxAdvances: Int = .max,
    pause: Instant? = nil, atPause: () -> Void = {}
  ) async -> RunOutcome {
    beginManualAdvance()
    defer { endManualAdvance() }
    var pause = pause
    var advances = 0
    while true {
      await settleWork()
      if isDone() { return .done }
      let next = nextDeadline
      if let instant = pause, next.map({ instant <= $0 }) ?? true {
        pause = nil
        await advanceWork(to: instant)
        atPause()
        continue
      }
      guard let next else { return .idle }
      guard limit.map({ next <= $0 }) ?? true, advances < maxAdvances else {
        return .limitReached(next: next)
      }
      advances += 1
      await advanceWork(to: next)
    }
  }
}

/// Why a run stopped.
package enum RunOutcome: Equatable {
  /// What the caller waited for happened.
  case done
  /// Nothing more can happen: all work has settled and no sleeper is left on the clock.
  case idle
  /// The next deadline lies past the limit, or the run made as many advances as it may.
  case limitReached(next: TestClock.Instant)
}
