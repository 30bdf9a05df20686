import AsyncPacing

// The timeouts' counts. A sequence timeout reads on demand, so each element is a round trip
// between the consumer and the reader, and each `next()` sets a deadline: three locks. An
// operation timeout is a task group of two child tasks per call, whose allocations are the
// runtime's and vary by a few tenths between runs (16.1 to 16.4 measured): its limit has half
// an allocation of room, where the steady-state rows have a tenth.

private let limit = Duration.seconds(10)

let timeoutRows: [CountedRow] = [
  CountedRow(
    name: "timeout(after:)",
    limit: Counts(allocationsPerElement: 0.1, locksPerElement: 3.1, tasksPerRun: 1)
  ) { elements in
    let sequence = EndSignallingSequence(count: elements, end: EndSignal()).timeout(after: limit)
    do {
      for try await _ in sequence {}
    } catch {
      print("timeout(after:) row: \(error)")
    }
  },
  CountedRow(
    name: "withTimeout(for:), per call",
    limit: Counts(allocationsPerElement: 16.8, locksPerElement: 6.1, tasksPerRun: 0)
  ) { calls in
    for value in 0..<calls {
      let returned = try? await withTimeout(for: limit) { value }
      if returned != value { print("withTimeout(for:) row: \(String(describing: returned))") }
    }
  },
]
