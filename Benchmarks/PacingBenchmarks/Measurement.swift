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

/// Prints rows `name | ns/element | × baseline` as an aligned table; `rows` are judged against
/// `target`, `references` are only compared.
func printTable(
  _ title: String, baseline: Measurement, rows: [Measurement], target: Double?,
  references: [Measurement] = []
) {
  print("\n\(title)")
  let all = [baseline] + rows + references
  let width = all.map(\.name.count).max() ?? 0
  func pad(_ text: String, _ count: Int) -> String {
    text + String(repeating: " ", count: max(count - text.count, 0))
  }
  func format(_ value: Double) -> String {
    String((value * 10).rounded() / 10)
  }
  let unit = baseline.name == "raw iteration" ? "raw" : "floor"
  print("  \(pad("", width))  ns/element  × \(unit)")
  for row in all {
    let ratio = row.nanosecondsPerElement / baseline.nanosecondsPerElement
    var verdict = ""
    if let target, rows.contains(where: { $0.name == row.name }) {
      verdict = ratio <= target ? "  ok" : "  over \(format(target))×"
    }
    print(
      "  \(pad(row.name, width))  \(pad(format(row.nanosecondsPerElement), 10))  \(format(ratio))\(verdict)"
    )
  }
}
