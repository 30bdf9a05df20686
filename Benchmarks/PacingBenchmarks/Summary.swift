/// Runs `processes` measuring processes and prints, for every row, the median across them of
/// its time and of its ratio to the baseline measured in the same process, with the range of
/// that ratio.
func summarize(runs: Int, processes: Int) {
  print(
    "AsyncPacing benchmarks: \(processes) processes × \(runs) interleaved rounds; each process "
      + "takes every row's fastest round and divides it by the baseline's fastest round;\n"
      + "the table gives the median over processes (and the range of ×)")
  var tables: [String] = []
  var order: [String: [String]] = [:]
  var samples: [String: [(ns: Double, ratio: Double)]] = [:]
  var targets: [String: Double] = [:]
  var lateness: [[[String]]] = []
  for _ in 0..<processes {
    guard let output = runChild(arguments: ["child", String(runs)]) else {
      print("a measuring process failed")
      continue
    }
    lateness.append(
      output.split(separator: "\n").filter { $0.hasPrefix("LATE\t") }.map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      })
    for line in output.split(separator: "\n") where line.hasPrefix("ROW\t") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 6, let ns = Double(fields[3]), let ratio = Double(fields[4]) else {
        continue
      }
      let (title, name) = (fields[1], fields[2])
      if order[title] == nil {
        tables.append(title)
        order[title] = []
      }
      if !(order[title]?.contains(name) ?? false) { order[title]?.append(name) }
      samples[title + "\t" + name, default: []].append((ns, ratio))
      if let target = Double(fields[5]) { targets[title + "\t" + name] = target }
    }
  }
  for title in tables {
    print("\n\(title)")
    let names = order[title] ?? []
    let width = names.map(\.count).max() ?? 0
    print("  \(pad("", width))  median ns  (range of ns)      median ×  (range of ×)")
    for name in names {
      let key = title + "\t" + name
      let rows = samples[key] ?? []
      let ratios = rows.map(\.ratio).sorted()
      let ratio = median(ratios)
      var verdict = ""
      if let target = targets[key] {
        verdict = ratio <= target ? "  ok" : "  over \(format(target))×"
      }
      let range = "(\(format(ratios.first ?? 0))–\(format(ratios.last ?? 0)))"
      let nanoseconds = rows.map(\.ns).sorted()
      let nanosecondRange = "(\(format(nanoseconds.first ?? 0))–\(format(nanoseconds.last ?? 0)))"
      print(
        "  \(pad(name, width))  \(pad(format(median(nanoseconds)), 9))  "
          + "\(pad(nanosecondRange, 17))  \(pad(format(ratio), 8))  \(pad(range, 13))\(verdict)")
    }
  }
  summarizeLateness(lateness, samples: latenessSamples(runs: runs))
}

/// Samples of each lateness row in one measuring process.
func latenessSamples(runs: Int) -> Int { 40 * runs }

func median(_ sorted: [Double]) -> Double {
  sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// One decimal.
func format(_ value: Double) -> String {
  String((value * 10).rounded() / 10)
}

func pad(_ text: String, _ width: Int) -> String {
  text + String(repeating: " ", count: max(width - text.count, 0))
}
