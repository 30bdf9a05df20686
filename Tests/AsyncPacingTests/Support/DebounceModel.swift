import AsyncPacing

/// A reference model of debounce, transcribed from <doc:PacingContract> ("Debounce",
/// "Finishing" and "Errors") over integer steps, small enough to check by eye. It knows nothing
/// of tasks, clocks or the mailbox: only which element comes out at which instant.
enum DebounceModel {
  /// Runs debounce over `input` (as parsed by Marble). Steps are integers; `interval` and `maxWait` in steps.
  /// Returns the output events: each emitted value at the step it is due, then `.finish` at the finish step,
  /// or `.failure` at the failure step (a pending element not yet due is dropped on failure; deadlines at or
  /// before the failure step fire first, per the half-open tie rule). Events after a finish/failure are ignored.
  ///
  /// Without a finish or failure, time runs on after the last input, so a pending element is
  /// still emitted at its deadline.
  static func run(
    _ input: [TimedEvent], interval: Int, edges: PacingEdges = .trailing, maxWait: Int? = nil
  ) -> [TimedEvent] {
    precondition(interval >= 0, "DebounceModel: negative interval \(interval)")
    if let maxWait {
      precondition(edges.contains(.trailing), "DebounceModel: maxWait needs the trailing edge")
      precondition(maxWait >= interval, "DebounceModel: maxWait \(maxWait) < interval \(interval)")
    }
    return run(input, intervals: { _ in interval }, edges: edges, maxWait: maxWait)
  }

  /// Runs debounce with each element's own interval, `intervals(element)` steps; `maxWait` is
  /// not compared with them.
  static func run(
    _ input: [TimedEvent], intervals: @escaping (String) -> Int, edges: PacingEdges = .trailing,
    maxWait: Int? = nil
  ) -> [TimedEvent] {
    var debounce = Debounce(intervals: intervals, edges: edges, maxWait: maxWait)
    var now = 0
    for timed in input {
      precondition(timed.step >= now, "DebounceModel: input is not sorted by step: \(input)")
      now = timed.step
      if debounce.ended { break }
      // Half-open periods: a deadline at `now` belongs before the event at `now`.
      debounce.fireDeadline(upTo: now)
      debounce.apply(timed.event, at: now)
    }
    if !debounce.ended {
      debounce.fireDeadline(upTo: .max)
    }
    return debounce.output
  }
}

private struct Debounce {
  let intervals: (String) -> Int
  let edges: PacingEdges
  let maxWait: Int?

  var output: [TimedEvent] = []
  var ended = false

  // Any element counts, emitted or not: every element starts a quiet period of its own. `nil`:
  // no element yet; `.some(nil)`: a quiet period that never ends.
  private var previousQuietEnd: Int??
  private var pending: String?
  /// `nil`: the quiet period never ends.
  private var quietDeadline: Int?
  // Set by the first element that became pending since the last emission; later elements
  // replace the pending value but keep this bound.
  private var maxWaitDeadline: Int?

  init(intervals: @escaping (String) -> Int, edges: PacingEdges, maxWait: Int?) {
    self.intervals = intervals
    self.edges = edges
    self.maxWait = maxWait
  }

  // Only one element is ever pending, so at most one deadline can fire.
  mutating func fireDeadline(upTo step: Int) {
    guard let pending else { return }
    // A deadline that never comes is no deadline.
    guard let deadline = [quietDeadline, maxWaitDeadline].compactMap({ $0 }).min() else { return }
    if deadline <= step {
      emit(pending, at: deadline)
    }
  }

  mutating func apply(_ event: StepEvent, at step: Int) {
    switch event {
    case .value(let value):
      receive(value, at: step)
    case .finish:
      // The last element is never lost: a pending one is emitted at once, not at its deadline.
      if let pending { emit(pending, at: step) }
      end(with: .finish, at: step)
    case .failure:
      pending = nil
      end(with: .failure, at: step)
    }
  }

  private mutating func receive(_ value: String, at step: Int) {
    // A quiet period that never ends is never over.
    let isLeadingEdge = previousQuietEnd.map { $0.map { step >= $0 } ?? false } ?? true
    let quietEnd = step.after(max(intervals(value), 0))
    previousQuietEnd = .some(quietEnd)
    if edges.contains(.leading) && isLeadingEdge {
      emit(value, at: step)
    } else if edges.contains(.trailing) {
      if pending == nil, let maxWait {
        maxWaitDeadline = step.after(maxWait)
      }
      pending = value
      quietDeadline = quietEnd
    }
  }

  private mutating func emit(_ value: String, at step: Int) {
    output.append(TimedEvent(step: step, event: .value(value)))
    // An emission (quiet, maxWait or leading) ends the maxWait bound, but not the quiet
    // period: `previousQuietEnd` is left alone.
    pending = nil
    maxWaitDeadline = nil
  }

  private mutating func end(with event: StepEvent, at step: Int) {
    output.append(TimedEvent(step: step, event: event))
    ended = true
  }
}
