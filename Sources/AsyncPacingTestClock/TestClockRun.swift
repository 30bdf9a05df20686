import AsyncPacing

extension TestClock {
  /// Advances deadline by deadline until no task sleeps on this clock.
  ///
  /// - Parameter maxAdvances: how many times time may move to the next deadline before giving
  ///   up; a loop that sleeps forever (a repeating timer) would otherwise never end. When the
  ///   bound is hit, the clock records a diagnostic and returns. A bound below 1 is a
  ///   mistake: in a test, a failure naming it, and the run goes on with 10,000; outside any
  ///   test, it stops the program with that message.
  ///
  /// ```swift
  /// save()
  /// await clock.run()  // to the debounce deadline, and on until nothing sleeps
  /// let saveCount = await store.saveCount
  /// #expect(saveCount == 1)
  /// ```
  public func run(maxAdvances: Int = 10_000) async {
    var maxAdvances = maxAdvances
    if maxAdvances <= 0 {
      let mistake =
        "TestClock.run(maxAdvances:): `maxAdvances` must be greater than zero, got \(maxAdvances)"
      TestReporters.recordMistake(mistake, goingOn: "; 10000 stands in.")
      maxAdvances = 10_000
    }
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

extension TestClock {
  /// A run until `isDone` that, once nothing on the clock can happen, waits up to `patience`
  /// of wall-clock time for work the clock does not time (a task that escaped it, a real-time
  /// source) to bring it about, running again whenever it polls: Turbine's wait for an event,
  /// which bounds the wait and never virtual time. `.idle` once `patience` has passed.
  package func run(
    until isDone: () -> Bool, maxAdvances: Int, patience: Duration
  ) async -> RunOutcome {
    let outcome = await run(until: isDone, maxAdvances: maxAdvances)
    guard outcome == .idle else { return outcome }
    let giveUpAt = ContinuousClock.now.advanced(by: patience)
    while !Task.isCancelled {
      let left = giveUpAt - ContinuousClock.now
      guard left > .zero else { break }
      await WallClock.pause(min(left, .milliseconds(5)))
      let outcome = await run(until: isDone, maxAdvances: maxAdvances)
      guard outcome == .idle else { return outcome }
    }
    return .idle
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
