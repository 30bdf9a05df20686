import Synchronization

/// Something a row saw, at a script time in milliseconds.
struct Mark: Sendable {
  enum Event: Sendable {
    case value(String)
    case finished
  }

  let event: Event
  let at: Double
}

/// The arrival times of every row, written by the tasks that consume the rows and read by
/// the drawing while they run.
///
/// Times are taken when a value really arrives, not when the script says it should, so a
/// loaded machine draws what happened. They are kept in script time (real time multiplied by
/// the speed), so a faster replay draws the same picture.
final class Timeline: Sendable {
  let start: ContinuousClock.Instant
  let speed: Double
  private let rows: Mutex<[[Mark]]>

  init(rowCount: Int, speed: Double) {
    self.start = .now
    self.speed = speed
    self.rows = Mutex(Array(repeating: [], count: rowCount))
  }

  func record(_ value: String, row: Int) {
    append(.value(value), row: row)
  }

  func finish(row: Int) {
    append(.finished, row: row)
  }

  func snapshot() -> [[Mark]] {
    rows.withLock { $0 }
  }

  /// Script milliseconds since the start.
  func now() -> Double {
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    return (Double(seconds) * 1_000 + Double(attoseconds) / 1e15) * speed
  }

  /// The real instant at which the script time `milliseconds` falls.
  func instant(at milliseconds: Int) -> ContinuousClock.Instant {
    start + .milliseconds(Double(milliseconds) / speed)
  }

  private func append(_ event: Mark.Event, row: Int) {
    let mark = Mark(event: event, at: now())
    rows.withLock { $0[row].append(mark) }
  }
}
