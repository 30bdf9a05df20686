/// One workload of a table: what it does, and how many elements (or sends) one run handles.
struct Workload: Sendable {
  let name: String
  let elements: Int
  /// `@Sendable`, so it is not isolated to the main actor of the top-level code: elements must
  /// not hop to the main thread, or every row measures those hops. Returns a checksum.
  let run: @Sendable () async -> Int
  /// Untimed, after each run: waits out work the run left behind (tasks it started), so that
  /// it cannot slow the next row down.
  var settle: @Sendable () async -> Void = {}
}

/// Iterates `sequence` to its end and returns the sum of its elements: a workload's checksum,
/// which keeps the optimiser from deleting the work. Baselines and rows iterate through it alike.
func sum(of sequence: some AsyncSequence<Int, Never>) async -> Int {
  var sum = 0
  for await value in sequence { sum &+= value }
  return sum
}

/// Times a table's baseline and rows in interleaved rounds (baseline, each row, baseline, …),
/// so that a burst of load on the machine falls on all of them alike, and reports each row's
/// fastest run, in nanoseconds per element, with its ratio to the baseline's fastest run.
///
/// The fastest run, not the median: on a shared machine load only ever adds time, and a run of
/// a few milliseconds either was preempted or was not; the fastest run is the one that was not.
/// Printed to the summarising parent as one line a row:
/// `ROW<tab>title<tab>name<tab>ns<tab>ratio<tab>target or -`. `rows` are judged against
/// `target`; the baseline and `references` are only compared.
func measureTable(
  _ title: String, baseline: Workload, rows: [Workload], target: Double?,
  references: [Workload] = [], runs: Int
) async {
  let workloads = [baseline] + rows + references
  var fastest = [Double](repeating: .infinity, count: workloads.count)
  var checksum = 0
  for _ in 0..<runs {
    for (index, workload) in workloads.enumerated() {
      let start = ContinuousClock.now
      checksum &+= await workload.run()
      let elapsed = (ContinuousClock.now - start).components
      await workload.settle()
      let nanoseconds = Double(elapsed.seconds) * 1e9 + Double(elapsed.attoseconds) / 1e9
      fastest[index] = min(fastest[index], nanoseconds / Double(workload.elements))
    }
  }
  // Printing the checksum keeps the optimiser from deleting the work.
  if checksum == 42 { print("checksum", checksum) }
  for (index, workload) in workloads.enumerated() {
    let isJudged = index > 0 && index <= rows.count
    let fields = [
      "ROW", title, workload.name, String(fastest[index]), String(fastest[index] / fastest[0]),
      isJudged ? target.map { String($0) } ?? "-" : "-",
    ]
    print(fields.joined(separator: "\t"))
  }
}
