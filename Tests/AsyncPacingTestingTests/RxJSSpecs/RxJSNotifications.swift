import AsyncPacing
import AsyncPacingTesting

/// RxJS's `TestScheduler` spec logs what a subscriber sees as `[frame, 'N', value]`,
/// `[frame, 'E', error]` and `[frame, 'C']`; this is that log, one line per event, for a
/// sequence that ends, in frames of `frame` counted from the instant it is called.
func notifications<Logged: AsyncSequence & Sendable>(
  of sequence: Logged, on clock: TestClock, frame: Duration
) async -> [String] where Logged.Element: Sendable {
  let start = clock.now
  return await clock.record(sequence, maxAdvances: 10_000) { recorded in
    var log: [String] = []
    while let event = await recorded.next() {
      let at = Int(start.duration(to: event.instant) / frame)
      switch event.kind {
      case .element(let value): log.append("\(at) N \(value)")
      case .finish: log.append("\(at) C")
      case .failure(let error):
        log.append("\(at) E \((error as? MarbleFailure)?.value ?? "\(error)")")
      }
      guard case .element = event.kind else { break }
    }
    return log
  }
}

/// RxJS's `cold(…)` and `hot(…)` in run mode: a diagram in RxJS's dialect, one frame per
/// millisecond of the clock.
extension TestClock {
  func rxjsCold(_ diagram: String) -> MarbleSequence<String> {
    marbles(diagram, step: .milliseconds(1), notation: .rxjs)
  }

  func rxjsHot(_ diagram: String, error: String? = nil) -> MarbleSequence<String> {
    hotMarbles(diagram, step: .milliseconds(1), notation: .rxjs, error: error)
  }
}
