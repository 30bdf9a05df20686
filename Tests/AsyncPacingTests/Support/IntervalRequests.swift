import Synchronization

/// The elements a per-element operator or pacer asked its interval closure for, in order: the
/// closure is promised to be called at most once per element, and a throttle with a leading
/// edge asks only for elements that come out (each opens a window).
final class IntervalRequests: Sendable {
  private let names = Mutex<[String]>([])

  /// `intervals`, in steps of one second, recording every request.
  func recording(_ intervals: @escaping @Sendable (String) -> Int)
    -> @Sendable (String) -> Duration
  {
    { name in
      self.names.withLock { $0.append(name) }
      return .seconds(intervals(name))
    }
  }

  /// What broke the promise, if anything: an element asked for twice, or, when
  /// `onlyEmitted`, one asked for that never came out in `output`.
  func problem(output: [TimedEvent], onlyEmitted: Bool) -> String? {
    let asked = names.withLock { $0 }
    var seen = Set<String>()
    if let twice = asked.first(where: { !seen.insert($0).inserted }) {
      return "the interval of \(twice) was asked for twice: \(asked)"
    }
    guard onlyEmitted else { return nil }
    let emitted = Set(
      output.compactMap { event -> String? in
        if case .value(let name) = event.event { name } else { nil }
      })
    guard let extra = asked.first(where: { !emitted.contains($0) }) else { return nil }
    return "the interval of \(extra) was asked for, but it never came out: \(asked)"
  }
}
