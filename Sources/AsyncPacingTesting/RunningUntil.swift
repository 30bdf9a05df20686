import AsyncPacing

/// Why a run until a condition stopped.
enum RunOutcome: Equatable {
  /// What the caller waited for happened.
  case done
  /// Nothing more can happen: all work has settled and no sleeper is left on the clock.
  case idle
  /// The next deadline lies past the limit.
  case limitReached(next: TestClock.Instant)
}

extension TestClock {
  /// Runs as ``TestClock/run(maxAdvances:)`` does, settling and then advancing deadline by
  /// deadline, but until `isDone`, until nothing more can happen, or until the next deadline
  /// lies past `limit`. `pause`, if given, is an instant at which to stop once (time moves
  /// there even with no sleeper due) and run `atPause`. `maxAdvances` bounds how many times
  /// time may move, for callers with no step to measure the limit in.
  func run(
    until isDone: () -> Bool, through limit: Instant? = nil, maxAdvances: Int = .max,
    pause: Instant? = nil, atPause: () -> Void = {}
  ) async -> RunOutcome {
    var pause = pause
    var advances = 0
    while true {
      await settle()
      if isDone() { return .done }
      let next = nextDeadline
      if let instant = pause, next.map({ instant <= $0 }) ?? true {
        pause = nil
        await advance(to: instant)
        atPause()
        continue
      }
      guard let next else { return .idle }
      guard limit.map({ next <= $0 }) ?? true, advances < maxAdvances else {
        return .limitReached(next: next)
      }
      advances += 1
      await advance(to: next)
    }
  }
}
