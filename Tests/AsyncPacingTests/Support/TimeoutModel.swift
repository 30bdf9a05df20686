import AsyncPacing

/// A reference model of the sequence timeout, transcribed from <doc:PacingContract>
/// ("Timeout") over integer steps: the upstream is a marble diagram read on demand (an event is
/// there from its step on, and is taken at the first `next()` not before it), each `next()`
/// gives the upstream `[ask, ask + interval)`, and a consumer busy for `consumerSteps` after
/// each element asks again that much later.
enum TimeoutModel {
  /// What a timeout looks like in the output: `^` as the marble drawing shows any error, or
  /// an element of its own, so that a comparison tells it from the upstream's error.
  static let marker = "⏱"

  static func run(
    _ input: [TimedEvent], interval: Int, consumerSteps: Int = 0, marksTimeout: Bool = false
  ) -> [TimedEvent] {
    precondition(interval > 0, "TimeoutModel: interval \(interval) is not positive")
    var output: [TimedEvent] = []
    var ask = 0
    func timedOut(at step: Int) -> [TimedEvent] {
      guard marksTimeout else { return output + [TimedEvent(step: step, event: .failure)] }
      // The consumer is busy after the marker as after any element, then hears the end.
      return output + [
        TimedEvent(step: step, event: .value(marker)),
        TimedEvent(step: step + consumerSteps, event: .finish),
      ]
    }
    for timed in input {
      let arrival = max(timed.step, ask)
      if arrival >= ask + interval { return timedOut(at: ask + interval) }
      output.append(TimedEvent(step: arrival, event: timed.event))
      guard case .value = timed.event else { return output }
      ask = arrival + consumerSteps
    }
    // An upstream that never ends never answers the last `next()`.
    return timedOut(at: ask + interval)
  }
}

/// A reference model of an operation's deadline, transcribed from <doc:PacingContract>
/// ("Deadlines for an operation") over integer steps from the call's start.
enum OperationDeadlineModel {
  enum Move: Hashable, Sendable, CustomStringConvertible {
    case to(Int)
    case extend(by: Int)
    case remove

    var description: String {
      switch self {
      case .to(let step): "move(to: \(step))"
      case .extend(let steps): "extend(by: \(steps))"
      case .remove: "remove()"
      }
    }
  }

  /// An operation that makes `moves` at their steps, then returns (or throws) at `returnsAt`;
  /// cancelled, it returns at once, unless it ignores cancellation (and makes no moves).
  struct Operation: Hashable, Sendable, CustomStringConvertible {
    var moves: [(step: Int, move: Move)] = []
    var returnsAt: Int
    var throwsAtTheEnd = false
    var ignoresCancellation = false

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }
    func hash(into hasher: inout Hasher) { hasher.combine(description) }

    var description: String {
      let movesText = moves.map { "\($0.move)@\($0.step)" }.joined(separator: ", ")
      return "[\(movesText)] \(throwsAtTheEnd ? "throws" : "returns") at \(returnsAt)"
        + (ignoresCancellation ? ", ignoring cancellation" : "")
    }
  }

  /// How a call ends, and when.
  struct Outcome: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
      case value(Int)
      case failed(Int)
      case timedOut(deadline: Int)
    }
    var kind: Kind
    var step: Int
    /// What each move returned, in order, for the moves the operation made.
    var moveResults: [Bool]
    /// A move at the very instant the deadline fires is made or not, as the tasks ran: made,
    /// it returns `false`.
    var mayAddAFalseMove = false

    var description: String { "\(kind) at \(step), moves \(moveResults)" }

    /// Whether `actual` is what this outcome allows.
    func allows(_ actual: Outcome) -> Bool {
      guard actual.kind == kind, actual.step == step else { return false }
      return actual.moveResults == moveResults
        || (mayAddAFalseMove && actual.moveResults == moveResults + [false])
    }
  }

  static func run(deadline: Int?, _ operation: Operation) -> Outcome {
    var deadline = deadline
    var results: [Bool] = []
    var firedAt: (step: Int, deadline: Int)?
    if let current = deadline, current <= 0 { firedAt = (0, current) }
    var mayAddAFalseMove = false
    for (step, move) in operation.moves where firedAt == nil && step < operation.returnsAt {
      if let current = deadline, current <= step {
        firedAt = (current, current)
        // At the deadline's instant the operation may still make its move, which is too late.
        mayAddAFalseMove = current == step
        break
      }
      switch move {
      case .to(let instant): deadline = instant
      case .extend(let steps):
        guard let current = deadline else {
          results.append(false)
          continue
        }
        deadline = current + steps
      case .remove: deadline = nil
      }
      results.append(true)
      if let current = deadline, current <= step { firedAt = (step, current) }
    }
    // Every move checked that the deadline lies after it: one left falls after the last move.
    if firedAt == nil, let current = deadline, current <= operation.returnsAt {
      firedAt = (current, current)
    }
    if let (step, fired) = firedAt {
      let returns = operation.ignoresCancellation ? operation.returnsAt : step
      return Outcome(
        kind: .timedOut(deadline: fired), step: returns, moveResults: results,
        mayAddAFalseMove: mayAddAFalseMove)
    }
    let kind: Outcome.Kind =
      operation.throwsAtTheEnd ? .failed(operation.returnsAt) : .value(operation.returnsAt)
    return Outcome(kind: kind, step: operation.returnsAt, moveResults: results)
  }
}

/// A timeout's sequence with its own error turned into a last element, ``TimeoutModel/marker``,
/// and the upstream's error thrown as it is: what a marble drawing and a model can compare.
struct TimeoutMarked<Base: AsyncSequence & Sendable, Instant: InstantProtocol, Upstream: Error>:
  AsyncSequence, Sendable
where Base.Element == String, Base.Failure == TimeoutFailure<Instant, Upstream> {
  typealias Element = String
  typealias Failure = Upstream

  let base: Base

  func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    var timedOut = false

    mutating func next() async throws(Upstream) -> String? {
      try await next(isolation: nil)
    }

    mutating func next(isolation actor: isolated (any Actor)?) async throws(Upstream) -> String? {
      guard !timedOut else { return nil }
      do {
        return try await base.next(isolation: actor)
      } catch {
        guard case .failed(let failure) = error else {
          timedOut = true
          return TimeoutModel.marker
        }
        throw failure
      }
    }
  }
}

extension AsyncSequence where Element == String, Self: Sendable {
  /// This timeout's sequence, with its timeout drawn as ``TimeoutModel/marker``.
  func markingTimeout<Instant: InstantProtocol, Upstream: Error>() -> TimeoutMarked<
    Self, Instant, Upstream
  > where Failure == TimeoutFailure<Instant, Upstream> {
    TimeoutMarked(base: self)
  }
}

/// How an async call ended, as a value a test can compare.
func outcome<Success, Failure: Error>(of call: () async throws(Failure) -> Success) async
  -> Result<Success, Failure>
{
  do {
    return .success(try await call())
  } catch {
    return .failure(error)
  }
}
