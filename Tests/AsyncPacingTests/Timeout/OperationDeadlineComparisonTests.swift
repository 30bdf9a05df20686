import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// `withMovableDeadline` and `withTimeout` on a ``TestClock`` against
/// ``OperationDeadlineModel``, on random operations: moves at random steps, an end at a random
/// step (often the deadline's own), a value or an error, and some that ignore cancellation.
@Suite struct OperationDeadlineComparisonTests {
  @Test(.testClock(advancing: .automatic)) func movableDeadlinesMatchTheModel() async {
    let clock = TestClock.current
    await Self.compare(seed: 35_100, keepsMoves: true) { operation, deadline in
      await Self.run(operation, deadline: deadline, on: clock)
    }
  }

  @Test(.testClock(advancing: .automatic)) func timeoutsMatchTheModel() async {
    let clock = TestClock.current
    await Self.compare(seed: 35_200, keepsMoves: false) { operation, limit in
      let start = clock.now
      let gate = OperationGate()
      async let opened: Void = gate.open(
        at: start.advanced(by: .seconds(operation.returnsAt)), on: clock)
      let kind: OperationDeadlineModel.Outcome.Kind
      do throws(TimeoutFailure<TestClock.Instant, StepFailure>) {
        let value = try await withTimeout(for: .seconds(limit), clock: clock) {
          () async throws(StepFailure) -> Int in
          try await Self.finish(operation, startingAt: start, on: clock, gate: gate)
        }
        kind = .value(value)
      } catch {
        kind = Self.kind(of: error, start: start)
      }
      let end = Self.steps(from: start, to: clock.now)
      await opened
      return OperationDeadlineModel.Outcome(kind: kind, step: end, moveResults: [])
    }
  }

  /// Runs random operations under a random deadline (a limit, for a call that starts now)
  /// through `call`, against the model; reports the first five mismatches.
  static func compare(
    seed: UInt64, keepsMoves: Bool,
    _ call: (OperationDeadlineModel.Operation, Int) async -> OperationDeadlineModel.Outcome
  ) async {
    var random = SplitMix64(seed: RandomSchedules.seed &+ seed)
    var mismatches: [String] = []
    for number in 0..<RandomSchedules.scenarioCount where mismatches.count < 5 {
      let deadline = Int(random.next() % 6) - 1
      var drawn = randomOperation(deadline: deadline, using: &random)
      if !keepsMoves { drawn.moves = [] }
      let operation = drawn
      let expected = OperationDeadlineModel.run(deadline: deadline, operation)
      let actual = await call(operation, deadline)
      if !expected.allows(actual) {
        mismatches.append(
          "run \(number): deadline \(deadline), \(operation)\n  expected \(expected)\n"
            + "    actual \(actual)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
  }

  static func randomOperation(deadline: Int, using random: inout SplitMix64)
    -> OperationDeadlineModel.Operation
  {
    var moves: [(step: Int, move: OperationDeadlineModel.Move)] = []
    var step = 0
    for _ in 0..<Int(random.next() % 4) {
      step += Int(random.next() % 3) + (moves.isEmpty ? 0 : 1)
      let move: OperationDeadlineModel.Move =
        switch random.next() % 4 {
        case 0: .to(step + Int(random.next() % 5) - 1)
        case 1, 2: .extend(by: Int(random.next() % 5) - 1)
        default: .remove
        }
      moves.append((step, move))
    }
    // The end falls on the deadline itself often: that is where the half-open rule decides.
    let returnsAt = random.next() % 3 == 0 ? max(deadline, 0) : Int(random.next() % 8)
    // The operation makes its moves before it returns.
    moves.removeAll { $0.step >= returnsAt }
    let ignores = moves.isEmpty && random.next() % 4 == 0
    return OperationDeadlineModel.Operation(
      moves: moves, returnsAt: returnsAt, throwsAtTheEnd: random.next() % 3 == 0,
      ignoresCancellation: ignores)
  }

  static func run(_ operation: OperationDeadlineModel.Operation, deadline: Int, on clock: TestClock)
    async -> OperationDeadlineModel.Outcome
  {
    let start = clock.now
    let results = Mutex<[Bool]>([])
    let gate = OperationGate()
    async let opened: Void = gate.open(
      at: start.advanced(by: .seconds(operation.returnsAt)), on: clock)
    let kind: OperationDeadlineModel.Outcome.Kind
    do {
      let value = try await withMovableDeadline(
        start.advanced(by: .seconds(deadline)), clock: clock
      ) { (handle) async throws(StepFailure) -> Int in
        for (step, move) in operation.moves {
          do {
            try await clock.sleep(until: start.advanced(by: .seconds(step)))
          } catch {
            throw .cancelled
          }
          let moved: Bool =
            switch move {
            case .to(let step): handle.move(to: start.advanced(by: .seconds(step)))
            case .extend(let steps): handle.extend(by: .seconds(steps))
            case .remove: handle.remove()
            }
          results.withLock { $0.append(moved) }
        }
        return try await Self.finish(operation, startingAt: start, on: clock, gate: gate)
      }
      kind = .value(value)
    } catch {
      kind = Self.kind(of: error, start: start)
    }
    let end = steps(from: start, to: clock.now)
    await opened
    return OperationDeadlineModel.Outcome(
      kind: kind, step: end, moveResults: results.withLock { $0 })
  }

  /// The operation's end: at its step, or, ignoring cancellation, when the gate opens then.
  static func finish(
    _ operation: OperationDeadlineModel.Operation, startingAt start: TestClock.Instant,
    on clock: TestClock, gate: OperationGate
  ) async throws(StepFailure) -> Int {
    if operation.ignoresCancellation {
      await gate.wait()
    } else {
      do {
        try await clock.sleep(until: start.advanced(by: .seconds(operation.returnsAt)))
      } catch {
        throw .cancelled
      }
    }
    if operation.throwsAtTheEnd { throw .failed(operation.returnsAt) }
    return operation.returnsAt
  }

  static func kind(
    of error: TimeoutFailure<TestClock.Instant, StepFailure>, start: TestClock.Instant
  )
    -> OperationDeadlineModel.Outcome.Kind
  {
    switch error {
    case .timedOut(let deadline): .timedOut(deadline: steps(from: start, to: deadline))
    case .failed(.failed(let step)): .failed(step)
    case .failed(.cancelled): .failed(-1)
    }
  }

  static func steps(from start: TestClock.Instant, to end: TestClock.Instant) -> Int {
    Int(start.duration(to: end).components.seconds)
  }
}

/// What a test operation throws: its own error at its end, or the cancellation that cut it.
enum StepFailure: Error, Hashable {
  case failed(Int)
  case cancelled
}

/// Holds an operation that ignores cancellation until a step of the test clock.
final class OperationGate: Sendable {
  private let state = Mutex<(opened: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

  func wait() async {
    await withCheckedContinuation { waiter in
      let opened = state.withLock { state -> Bool in
        if !state.opened { state.waiter = waiter }
        return state.opened
      }
      if opened { waiter.resume() }
    }
  }

  /// Opens at `instant`, whatever the cancellation of the task that waits.
  func open(at instant: TestClock.Instant, on clock: TestClock) async {
    try? await clock.sleep(until: instant)
    let waiter = state.withLock { state in
      state.opened = true
      return state.waiter.take()
    }
    waiter?.resume()
  }
}
