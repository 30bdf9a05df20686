import AsyncPacing

// Each operator in steady state over an upstream that never suspends, its interval long enough
// that no window or quiet period ends during the run: what each element costs, not what time
// does. Each pacer's `send`, the same way. The limits are the counts measured when they were
// set (the Performance article's "Counts CI checks" quotes them), each with a margin below one
// more allocation or lock per element, so that adding one to a hot path fails CI.

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
  CountedRow(
    name: "debounce(for:)",
    limit: Counts(allocationsPerElement: 0.5, locksPerElement: 1.5, tasksPerRun: 2)
  ) { await drain($0) { $0.debounce(for: interval) } },
  CountedRow(
    name: "debounce(for: { _ in … })",
    limit: Counts(allocationsPerElement: 0.5, locksPerElement: 1.5, tasksPerRun: 2)
  ) { await drain($0) { $0.debounce(for: { _ in interval }) } },
  CountedRow(
    name: "throttle(for:) latest",
    limit: Counts(allocationsPerElement: 0.5, locksPerElement: 1.5, tasksPerRun: 2)
  ) { await drain($0) { $0.throttle(for: interval) } },
  CountedRow(
    name: "throttle(for:latest: false)",
    limit: Counts(allocationsPerElement: 0.5, locksPerElement: 1.5, tasksPerRun: 2)
  ) { await drain($0) { $0.throttle(for: interval, latest: false) } },
  CountedRow(
    name: "throttle(for: { _ in … })",
    limit: Counts(allocationsPerElement: 0.5, locksPerElement: 1.5, tasksPerRun: 2)
  ) { await drain($0) { $0.throttle(for: { _ in interval }) } },
  CountedRow(
    name: "throttle(for:) reducing",
    limit: Counts(allocationsPerElement: 0.5, locksPerElement: 0.5, tasksPerRun: 2)
  ) {
    await drain($0) { $0.throttle(for: interval) { ($0 ?? 0) &+ $1 } }
  },
  CountedRow(
    name: "sample(every:)",
    limit: Counts(allocationsPerElement: 0.5, locksPerElement: 1.5, tasksPerRun: 2)
  ) { await drain($0) { $0.sample(every: interval) } },
]

let pacerRows: [CountedRow] = [
  CountedRow(
    name: "Debouncer.send",
    limit: Counts(allocationsPerElement: 0.5, locksPerElement: 1.5, tasksPerRun: 1)
  ) { calls in
    let debouncer = Debouncer(for: interval) { (value: Int) in if value < 0 { print(value) } }
    for value in 0..<calls { debouncer.send(value) }
    debouncer.cancel()
  },
  CountedRow(
    name: "Throttler.send",
    limit: Counts(allocationsPerElement: 0.5, locksPerElement: 1.5, tasksPerRun: 2)
  ) { calls in
    let throttler = Throttler(for: interval) { (value: Int) in if value < 0 { print(value) } }
    for value in 0..<calls { throttler.send(value) }
    throttler.cancel()
  },
]
