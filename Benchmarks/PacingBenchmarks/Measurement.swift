/// Times a workload several times and keeps the median, in nanoseconds per element.
struct Measurement: Sendable {
  let name: String
  let nanosecondsPerElement: Double

  /// `workload` is `@Sendable`, so it is not isolated to the main actor of the top-level
  /// code: elements must not hop to the main thread, or every row measures those hops.
  static func median(
    _ name: String, elements: Int, runs: Int, _ workload: @Sendable () async -> Int
  ) async -> Measurement {
    var samples: [Double] = []
    var checksum = 0
    for _ in 0..<runs {
      let start = ContinuousClock.now
      checksum &+= await workload()
      let elapsed = (ContinuousClock.now - start).components
      let nanoseconds = Double(elapsed.seconds) * 1e9 + Double(elapsed.attoseconds) / 1e9
      samples.append(nanoseconds / Double(elements))
    }
    // Printing the checksum keeps the optimiser from deleting the work.
    if checksum == 42 { print("checksum", checksum) }
    samples.sort()
    return Measurement(name: name, nanosecondsPerElement: samples[samples.count / 2])
  }
}

/// Reports one table's rows to the summarising parent, one line each:
/// `ROW<tab>title<tab>name<tab>ns<tab>ratio<tab>target or -`. `rows` are judged against
/// `target`; the baseline and `references` are only compared.
func reportRows(
  _ title: String, baseline: Measurement, rows: [Measurement], target: Double?,
  references: [Measurement] = []
) {
  func report(_ row: Measurement, target: Double?) {
    let ratio = row.nanosecondsPerElement / baseline.nanosecondsPerElement
    let fields = [
      "ROW", title, row.name, String(row.nanosecondsPerElement), String(ratio),
      target.map { String($0) } ?? "-",
    ]
    print(fields.joined(separator: "\t"))
  }
  report(baseline, target: nil)
  for row in rows { report(row, target: target) }
  for row in references { report(row, target: nil) }
}
