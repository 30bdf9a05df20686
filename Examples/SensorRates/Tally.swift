import Synchronization

/// Counts the values passing one point of the pipeline. The sensor, the throttled stream and
/// the throttler's action record from different tasks, so the counts sit behind a lock.
final class Tally: Sendable {
  struct Snapshot {
    var count = 0
    var last: Double?
    var firstAt: ContinuousClock.Instant?
    var lastAt: ContinuousClock.Instant?

    /// Values per second between the first and the last value: the spacing actually achieved.
    var rate: Double? {
      guard count > 1, let firstAt, let lastAt else { return nil }
      return Double(count - 1) / (lastAt - firstAt).seconds
    }
  }

  private let state = Mutex(Snapshot())

  func record(_ value: Double) {
    let now = ContinuousClock.now
    state.withLock { state in
      state.count += 1
      state.last = value
      state.firstAt = state.firstAt ?? now
      state.lastAt = now
    }
  }

  var snapshot: Snapshot { state.withLock { $0 } }
}
