import AsyncPacing
import AsyncPacingTestClock

// Each operator in steady state over an upstream that never suspends, its interval long enough
// that no window or quiet period ends during the run: what each element costs, not what time
// does. Each pacer's `send`, the same way. The limits are the counts measured when they were
// set (the Performance article's "Counts CI checks" quotes them): a tenth of a count above them
// per element, so that one more allocation or lock every ten elements fails CI; tasks exactly.

private let interval = Duration.seconds(10)

/// Iterates `sequence` in a task of its own until its upstream has ended, then cancels it: the
/// operator's wait for its last interval is no element's cost.
private func drain<Pacing: AsyncSequence & Sendable>(
  _ elements: Int, _ pacing: (EndSignallingSequence) -> Pacing
) async where Pacing.Failure == Never {
  let end = EndSignal()
  let sequence = pacing(EndSignallingSequence(count: elements, end: end))
  let consumer = Task { for await _ in sequence {} }
  await end.wait()
  consumer.cancel()
  await consumer.value
}

let operatorRows: [CountedRow] = [
  steadyStateRow("debounce(for:)") { $0.debounce(for: interval) },
  steadyStateRow("debounce(for: { _ in … })") { $0.debounce(for: { _ in interval }) },
  steadyStateRow("throttle(for:) latest") { $0.throttle(for: interval) },
  steadyStateRow("throttle(for:latest: false)") { $0.throttle(for: interval, latest: false) },
  steadyStateRow("throttle(for: { _ in … })") { $0.throttle(for: { _ in interval }) },
  // Folding while a window is open takes no lock (the Performance article says how).
  steadyStateRow("throttle(for:) reducing", locks: 0) {
    $0.throttle(for: interval) { ($0 ?? 0) &+ $1 }
  },
  steadyStateRow("sample(every:)") { $0.sample(every: interval) },
]

/// An operator's row in steady state: no allocation and `locks` per element, and its one
/// internal task, the reader (its deadlines go to the timer `ContinuousClock` shares).
private func steadyStateRow<Pacing: AsyncSequence & Sendable>(
  _ name: String, locks: Double = 1,
  _ pacing: @escaping @Sendable (EndSignallingSequence) -> Pacing
) -> CountedRow where Pacing.Failure == Never {
  CountedRow(
    name: name,
    limit: Counts(allocationsPerElement: 0.1, locksPerElement: locks + 0.1, tasksPerRun: 1)
  ) { await drain($0, pacing) }
}

/// Elements delivered: a zero interval, so that the timer, the hand-off and the consumer's
/// wake-up run, paths a long interval never reaches. On a test clock, whose one executor runs
/// the reader, the timer and the consumer in the same order every time: on the global executor
/// their interleaving, and so what they allocate, varies from run to run (0.0 to 0.6
/// allocations per element measured). The counts include the test clock's own work.
let deliveryRows: [CountedRow] = [
  CountedRow(
    name: "debounce, outputs on a TestClock",
    limit: Counts(allocationsPerElement: 0.1, locksPerElement: 4.1, tasksPerRun: 1)
  ) { elements in
    await withTestClock { clock in
      await drainInOrder(elements) { $0.debounce(for: .zero, clock: clock) }
    }
  },
  CountedRow(
    name: "throttle, outputs on a TestClock",
    limit: Counts(allocationsPerElement: 0.1, locksPerElement: 4.1, tasksPerRun: 1)
  ) { elements in
    await withTestClock { clock in
      await drainInOrder(elements) { $0.throttle(for: .zero, clock: clock) }
    }
  },
]

/// Iterates to the end in the calling task, which a test clock's executor runs.
private func drainInOrder<Pacing: AsyncSequence>(
  _ elements: Int, _ pacing: (EndSignallingSequence) -> Pacing
) async where Pacing.Failure == Never {
  for await _ in pacing(EndSignallingSequence(count: elements, end: EndSignal())) {}
}

let pacerRows: [CountedRow] = [
  // A burst cancelled before its value falls due: its deadline went to the shared timer, and
  // no task was started.
  CountedRow(
    name: "Debouncer.send",
    limit: Counts(allocationsPerElement: 0.1, locksPerElement: 1.1, tasksPerRun: 0)
  ) { calls in
    let debouncer = Debouncer(for: interval) { (value: Int) in if value < 0 { print(value) } }
    for value in 0..<calls { debouncer.send(value) }
    debouncer.cancel()
  },
  // The leading edge runs at once: one task per burst, the action's runner.
  CountedRow(
    name: "Throttler.send",
    limit: Counts(allocationsPerElement: 0.1, locksPerElement: 1.1, tasksPerRun: 1)
  ) { calls in
    let throttler = Throttler(for: interval) { (value: Int) in if value < 0 { print(value) } }
    for value in 0..<calls { throttler.send(value) }
    throttler.cancel()
  },
]

/// Not judged: it proves the counters count. One object kept per element, and one
/// `Debouncer.send`, which takes one lock.
let controlRow = CountedRow(
  name: "control",
  limit: Counts(allocationsPerElement: .infinity, locksPerElement: nil, tasksPerRun: .max)
) { elements in
  let debouncer = Debouncer(for: interval) { (value: Int) in if value < 0 { print(value) } }
  var kept: [ControlObject] = []
  kept.reserveCapacity(elements)
  for value in 0..<elements {
    kept.append(ControlObject(value: value))
    debouncer.send(value)
  }
  debouncer.cancel()
  if kept.count < 0 { print(kept.count) }
}

final class ControlObject: Sendable {
  let value: Int

  init(value: Int) {
    self.value = value
  }
}
