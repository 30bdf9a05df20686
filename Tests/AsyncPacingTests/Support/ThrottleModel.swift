import AsyncPacing

/// A reference model of throttle, transcribed from <doc:PacingContract> ("Throttle",
/// "Finishing" and "Errors") over integer steps, small enough to check by eye. It knows nothing
/// of tasks, clocks, the mailbox or a slow reducer: only which value comes out at which instant.
enum ThrottleModel {
  /// How window elements become the emitted value.
  ///
  /// - `latest`: the newest element of the window (`latest: true`).
  /// - `first`: the first element of the window (`latest: false`).
  /// - `concatenate`: the reducing form with an instantaneous reducer that concatenates strings.
  ///   A leading emission is `reduce(nil, x) == x`; the first window element after an emission
  ///   starts a fresh fold, later ones append.
  enum Fold {
    case latest, first, concatenate

    /// The fold as a function, for the model and the machine under test alike: the candidate
    /// after an element joins it, where `nil` starts a fresh fold.
    var function: @Sendable (String?, String) -> String {
      switch self {
      case .latest: { _, element in element }
      case .first: { first, element in first ?? element }
      case .concatenate: { folded, element in (folded ?? "") + element }
      }
    }
  }

  /// Runs throttle over `input` (as parsed by Marble). Steps are integers; `interval` in steps.
  /// Returns the output events: each emitted value at the step it is emitted, then `.finish` at
  /// the step the sequence finishes (a pending candidate's window end, else the finish step), or
  /// `.failure` at the failure step (a candidate not yet due is dropped; window ends at or before
  /// the failure step fire first, per the half-open tie rule). Events after a finish/failure in
  /// the input are ignored.
  ///
  /// Without a finish or failure, time runs on after the last input until nothing is pending,
  /// so a candidate is still emitted at its window's end.
  static func run(
    _ input: [TimedEvent], interval: Int, fold: Fold = .latest,
    edges: PacingEdges = [.leading, .trailing]
  ) -> [TimedEvent] {
    precondition(interval >= 0, "ThrottleModel: negative interval \(interval)")
    return run(input, intervals: { _ in interval }, fold: fold, edges: edges)
  }

  /// Runs throttle whose windows last the interval of the value that opens each,
  /// `intervals(value)` steps (a negative one counts as zero): an emitted value's, or with the
  /// trailing edge alone, the first element of a burst's, whatever its window's end emits.
  static func run(
    _ input: [TimedEvent], intervals: @escaping (String) -> Int, fold: Fold = .latest,
    edges: PacingEdges = [.leading, .trailing]
  ) -> [TimedEvent] {
    precondition(!edges.isEmpty, "ThrottleModel: a throttle needs at least one edge")
    var throttle = Throttle(intervals: { max(intervals($0), 0) }, fold: fold, edges: edges)
    var now = 0
    for timed in input {
      precondition(timed.step >= now, "ThrottleModel: input is not sorted by step: \(input)")
      now = timed.step
      if throttle.ended { break }
      // Half-open windows: a window end at `now` belongs before the event at `now`.
      throttle.fireWindowEnds(upTo: now)
      throttle.apply(timed.event, at: now)
    }
    if !throttle.ended {
      throttle.fireWindowEnds(upTo: .max)
    }
    return throttle.output
  }
}

private struct Throttle {
  enum State {
    case idle
    /// A window `[start, end)`; `candidate` is what the timer emits at `end`, if anything.
    /// `end == nil`: the window never ends.
    case window(end: Int?, candidate: String?)
  }

  let interval: (String) -> Int
  let fold: ThrottleModel.Fold
  let edges: PacingEdges

  var output: [TimedEvent] = []
  /// The upstream finished or failed: later input is ignored.
  var ended = false

  private var state = State.idle

  init(intervals: @escaping (String) -> Int, fold: ThrottleModel.Fold, edges: PacingEdges) {
    self.interval = intervals
    self.fold = fold
    self.edges = edges
  }

  /// Handles every window end at or before `step`, in order. A window that ends with a
  /// candidate emits it by the timer and opens the next window; one without goes idle.
  mutating func fireWindowEnds(upTo step: Int) {
    while case .window(let end?, let candidate) = state, end <= step {
      if let candidate {
        emit(candidate, at: end)
        state = .window(end: end.after(interval(candidate)), candidate: nil)
      } else {
        state = .idle
      }
    }
  }

  mutating func apply(_ event: StepEvent, at step: Int) {
    switch event {
    case .value(let value):
      receive(value, at: step)
    case .finish:
      // The rate is kept: a pending candidate comes out at its window's end, and the sequence
      // finishes at that same step. Nothing pending: finish at once.
      // A window that never ends does not hold the finish hostage: its candidate comes out now.
      var finishStep = step
      if case .window(nil, candidate: let candidate?) = state {
        emit(candidate, at: step)
      } else if case .window(let windowEnd?, candidate: .some) = state {
        fireWindowEnds(upTo: windowEnd)
        finishStep = windowEnd
      }
      end(with: .finish, at: finishStep)
    case .failure:
      // Window ends at or before `step` have fired already; a candidate not yet due is dropped.
      state = .idle
      end(with: .failure, at: step)
    }
  }

  private mutating func receive(_ value: String, at step: Int) {
    switch state {
    case .idle where edges.contains(.leading):
      // A leading emission is reduce(nil, value) == value for every fold.
      emit(value, at: step)
      state = .window(end: step.after(interval(value)), candidate: nil)
    case .idle:
      // Trailing only: never emit at once; the element opens a window and is its candidate.
      state = .window(end: step.after(interval(value)), candidate: folded(nil, value))
    case .window(let end, let candidate) where edges.contains(.trailing):
      state = .window(end: end, candidate: folded(candidate, value))
    case .window:
      // Leading only: window elements are dropped (the reducer never sees them).
      break
    }
  }

  private func folded(_ candidate: String?, _ value: String) -> String {
    fold.function(candidate, value)
  }

  private mutating func emit(_ value: String, at step: Int) {
    output.append(TimedEvent(step: step, event: .value(value)))
  }

  private mutating func end(with event: StepEvent, at step: Int) {
    output.append(TimedEvent(step: step, event: event))
    ended = true
  }
}
