import AsyncPacing
import Synchronization

/// How late an output reaches its receiver after the instant it falls due, on
/// `ContinuousClock`: a consumer already waiting in `next()` for the operators, the start of
/// the action for a pacer, and a bare `Task.sleep(until:)` and a bare relay as the floors, all
/// in this process, one sample of each row in turn so that the machine's state falls on all
/// rows alike. Prints its rows for the summarising parent.
///
/// The due instant is taken as the send's clock reading plus the interval: the operator's own
/// reading comes a hand-off later, so each row includes that hand-off, which the floor does not.
func measureLateness(samples: Int) async {
  let interval = Duration.milliseconds(2)
  let (queries, typing) = AsyncStream.makeStream(of: Int.self)
  var debounced = queries.debounce(for: interval).makeAsyncIterator()
  let (offsets, scrolling) = AsyncStream.makeStream(of: Int.self)
  var throttled = offsets.throttle(for: interval).makeAsyncIterator()
  let started = Mutex<ContinuousClock.Instant?>(nil)
  let debouncer = Debouncer(for: interval) { (_: Int) in
    started.withLock { $0 = ContinuousClock.now }
  }
  var rows: [(name: String, microseconds: [Double])] = [
    ("Task.sleep(until:)", []), ("debounce, consumer waiting in next()", []),
    ("throttle's trailing edge, consumer waiting", []), ("Debouncer, the action's start", []),
    ("a relay: a task's sleep resumes a waiting task", []),
  ]
  for _ in 0..<samples {
    var due = ContinuousClock.now.advanced(by: interval)
    try? await Task.sleep(until: due, clock: .continuous)
    rows[0].microseconds.append(microseconds(ContinuousClock.now - due))

    due = ContinuousClock.now.advanced(by: interval)
    typing.yield(0)
    _ = await debounced.next()
    rows[1].microseconds.append(microseconds(ContinuousClock.now - due))

    due = ContinuousClock.now.advanced(by: interval)
    scrolling.yield(0)  // leading: out at once, opens the window
    scrolling.yield(1)  // the candidate: out at the window's end
    _ = await throttled.next()
    _ = await throttled.next()
    rows[2].microseconds.append(microseconds(ContinuousClock.now - due))
    try? await Task.sleep(for: interval * 2)  // the window after it ends empty

    started.withLock { $0 = nil }
    due = ContinuousClock.now.advanced(by: interval)
    debouncer.send(0)
    while started.withLock({ $0 }) == nil { try? await Task.sleep(for: .microseconds(50)) }
    rows[3].microseconds.append(microseconds(started.withLock { $0! } - due))

    // The least any interruptible timer does: a task sleeps, then resumes another task.
    due = ContinuousClock.now.advanced(by: interval)
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      Task { [due] in
        try? await Task.sleep(until: due, clock: .continuous)
        waiter.resume()
      }
    }
    rows[4].microseconds.append(microseconds(ContinuousClock.now - due))
  }
  typing.finish()
  scrolling.finish()

  // One line a row for the summarising parent: `LATE<tab>name<tab>median µs<tab>p99 µs`.
  for (name, values) in rows {
    let sorted = values.sorted()
    let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    print(["LATE", name, String(median(sorted)), String(p99)].joined(separator: "\t"))
  }
}

/// Lateness rows of every measuring process: per row the median over the processes of its
/// median and of its excess over the bare sleep in the same process, each with its range.
func summarizeLateness(_ lines: [[String]], samples: Int, processes: Int) {
  var order: [String] = []
  var medians: [String: [Double]] = [:]
  var p99s: [String: [Double]] = [:]
  var excesses: [String: [Double]] = [:]
  var floorOfProcess: Double?
  for fields in lines {
    guard fields.count == 4, let value = Double(fields[2]), let p99 = Double(fields[3]) else {
      continue
    }
    let name = fields[1]
    if medians[name] == nil { order.append(name) }
    // The bare sleep comes first in each process's rows.
    if name == order.first { floorOfProcess = value }
    medians[name, default: []].append(value)
    p99s[name, default: []].append(p99)
    excesses[name, default: []].append(value - (floorOfProcess ?? value))
  }
  print(
    "\nLateness after the due instant, a 2 ms interval, \(samples) samples of each row in turn "
      + "in each of \(processes) processes: the median over them (and the range)")
  print("  \(pad("", 48))  median µs  (range)          over the bare sleep  p99 µs (range)")
  for name in order {
    let values = (medians[name] ?? []).sorted()
    let over = (excesses[name] ?? []).sorted()
    let tails = (p99s[name] ?? []).sorted()
    func range(_ sorted: [Double]) -> String {
      "(\(format(sorted.first ?? 0))–\(format(sorted.last ?? 0)))"
    }
    print(
      "  \(pad(name, 48))  \(pad(format(median(values)), 9))  \(pad(range(values), 15))  "
        + "\(pad(format(median(over)) + " " + range(over), 19))  \(range(tails))")
  }
}

private func microseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
}
