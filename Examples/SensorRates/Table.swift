// The rate table: one row per quarter second, the same columns for each stage.

func printHeader() {
  let stage = column("values", 6) + " " + column("per s", 7)
  print(
    "\(column("time", 6)) | \(padded("sensor in", 14)) | \(padded(".throttle out", 23)) | "
      + "Throttler out")
  print(
    "\(column("", 6)) | \(stage) | \(stage) \(column("last", 8)) | \(stage) \(column("last", 8))")
}

func printRow(elapsed: Duration) {
  let time = column(fixed(elapsed.seconds, digits: 2), 5) + "s"
  let throttle = "\(cells(throttled)) \(lastCell(throttled))"
  let throttler = "\(cells(throttlerRan)) \(lastCell(throttlerRan))"
  print("\(time) | \(cells(sensor)) | \(throttle) | \(throttler)")
}

/// The count, and the rate from the first value to the last: a 250 ms slice holds two or
/// three windows and would read as 8/s or 12/s.
private func cells(_ tally: Tally) -> String {
  let snapshot = tally.snapshot
  let rate = snapshot.rate.map { fixed($0, digits: 1) } ?? "-"
  return column(String(snapshot.count), 6) + " " + column(rate, 7)
}

private func lastCell(_ tally: Tally) -> String {
  column(percent(tally.snapshot.last), 8)
}

private func padded(_ text: String, _ width: Int) -> String {
  text + String(repeating: " ", count: max(0, width - text.count))
}
