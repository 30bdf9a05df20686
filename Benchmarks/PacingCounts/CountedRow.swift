import AllocationCounter
@_spi(Diagnostics) import AsyncPacing

/// What one workload costs, counted, never timed: heap allocations and locks per element in
/// steady state, and tasks per iterator or per burst.
struct Counts {
  var allocationsPerElement: Double
  /// `nil` in a build without `-DASYNCPACING_COUNTING`, where locks are not counted.
  var locksPerElement: Double?
  var tasksPerRun: Int
}

/// An operator or pacer row: a workload of `elements` elements, and the most each count may be.
struct CountedRow {
  let name: String
  let limit: Counts
  let run: @Sendable (_ elements: Int) async -> Void

  /// Steady state is the difference between a long run and a short one, divided by the
  /// elements between them: what every run pays once (an iterator, a task) cancels out. Each
  /// run's counts are the least of three tries, after one run to warm up, since the runtime
  /// may allocate on its own now and then (a thread's first use of a cache); an extra
  /// allocation per element shows in every try.
  func measure() async -> Counts {
    let short = 1_000
    let long = 11_000
    _ = await counted(short)
    var shortRuns: [RunCounts] = []
    var longRuns: [RunCounts] = []
    for _ in 0..<3 {
      shortRuns.append(await counted(short))
      longRuns.append(await counted(long))
    }
    let shortRun = RunCounts.least(of: shortRuns)
    let longRun = RunCounts.least(of: longRuns)
    let elements = Double(long - short)
    return Counts(
      allocationsPerElement: Double(longRun.allocations - shortRun.allocations) / elements,
      locksPerElement: longRun.locks.flatMap { longLocks in
        shortRun.locks.map { Double(longLocks - $0) / elements }
      },
      tasksPerRun: longRun.tasks)
  }

  private struct RunCounts {
    var allocations: Int
    var locks: Int?
    var tasks: Int

    static func least(of runs: [RunCounts]) -> RunCounts {
      RunCounts(
        allocations: runs.map(\.allocations).min() ?? 0,
        locks: runs.compactMap(\.locks).min(),
        tasks: runs.map(\.tasks).min() ?? 0)
    }
  }

  private func counted(_ elements: Int) async -> RunCounts {
    let tasksBefore = PacingDiagnostics.startedInternalTasks
    let locksBefore = lockAcquisitions
    allocation_counter_set_counting(1)
    let allocationsBefore = allocation_counter_read()
    await run(elements)
    let allocations = Int(allocation_counter_read() - allocationsBefore)
    allocation_counter_set_counting(0)
    let locks = lockAcquisitions.flatMap { after in locksBefore.map { after - $0 } }
    return RunCounts(
      allocations: allocations, locks: locks,
      tasks: PacingDiagnostics.startedInternalTasks - tasksBefore)
  }

  private var lockAcquisitions: Int? {
    #if ASYNCPACING_COUNTING
      PacingDiagnostics.lockAcquisitions
    #else
      nil
    #endif
  }
}

extension Counts {
  /// The counts above `limit`, each named with both figures.
  func excesses(over limit: Counts) -> [String] {
    var excesses: [String] = []
    if allocationsPerElement > limit.allocationsPerElement {
      excesses.append(
        "allocations per element \(format(allocationsPerElement)) > \(format(limit.allocationsPerElement))"
      )
    }
    if let locks = locksPerElement, let lockLimit = limit.locksPerElement, locks > lockLimit {
      excesses.append("locks per element \(format(locks)) > \(format(lockLimit))")
    }
    if tasksPerRun > limit.tasksPerRun {
      excesses.append("tasks per run \(tasksPerRun) > \(limit.tasksPerRun)")
    }
    return excesses
  }
}

/// Two decimals, without Foundation.
func format(_ value: Double) -> String {
  let hundredths = Int((abs(value) * 100).rounded())
  let fraction = hundredths % 100
  return "\(value < 0 ? "-" : "")\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
