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
    (bareSleepRow, []), ("debounce, consumer waiting in next()", []),
    ("throttle's trailing edge, consumer waiting", []), ("Debouncer, the action's start", []),
    (bareRelayRow, []), ("ticks(every:), a tick's scheduled instant", []),
    (streamRelayRow, []),
  ]
  // The relay as an operator's reader meets it: the element crosses a stream to a task, which
  // reads the clock and sleeps the interval from that reading, then resumes the waiting task.
  let relayWaiter = Mutex<CheckedContinuation<Void, Never>?>(nil)
  let (relayed, relaying) = AsyncStream.makeStream(of: Void.self)
  let relayReader = Task {
    for await _ in relayed {
      try? await Task.sleep(until: ContinuousClock.now.advanced(by: interval), clock: .continuous)
      relayWaiter.withLock { $0.take() }?.resume()
    }
  }
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

    // A fresh timer each sample: its first tick, one interval after its first `next()`, is
    // never one a late consumer finds already due.
    var ticks = ContinuousClock().ticks(every: interval).makeAsyncIterator()
    if let tick = await ticks.next() {
      rows[5].microseconds.append(microseconds(ContinuousClock.now - tick))
    }

    due = ContinuousClock.now.advanced(by: interval)
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      relayWaiter.withLock { $0 = waiter }
      relaying.yield()
    }
    rows[6].microseconds.append(microseconds(ContinuousClock.now - due))
  }
  typing.finish()
  scrolling.finish()
  relaying.finish()
  await relayReader.value

  // One line a row for the summarising parent: `LATE<tab>name<tab>median µs<tab>p99 µs`.
  for (name, values) in rows {
    let sorted = values.sorted()
    let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    print(["LATE", name, String(median(sorted)), String(p99)].joined(separator: "\t"))
  }
}

/// Lateness rows of every measuring process, one array of lines per process: per row the
/// median over the processes of its median, and of its excess over the bare sleep and over the
/// relay measured in the same process, each with its range.
func summarizeLateness(_ processes: [[[String]]], samples: Int) {
  var order: [String] = []
  var medians: [String: [Double]] = [:]
  var p99s: [String: [Double]] = [:]
  var overSleep: [String: [Double]] = [:]
  var overRelay: [String: [Double]] = [:]
  for lines in processes {
    var rows: [(name: String, median: Double, p99: Double)] = []
    for fields in lines where fields.count == 4 {
      guard let value = Double(fields[2]), let p99 = Double(fields[3]) else { continue }
      rows.append((fields[1], value, p99))
    }
    // Looked up by name in this process's own rows: a process whose floors are missing adds
    // its medians, and no excess.
    let sleep = rows.first { $0.name == bareSleepRow }?.median
    let relay = rows.first { $0.name == bareRelayRow }?.median
    for row in rows {
      if medians[row.name] == nil { order.append(row.name) }
      medians[row.name, default: []].append(row.median)
      p99s[row.name, default: []].append(row.p99)
      if let sleep { overSleep[row.name, default: []].append(row.median - sleep) }
      if let relay { overRelay[row.name, default: []].append(row.median - relay) }
    }
  }
  print(
    "\nLateness after the due instant, a 2 ms interval, \(samples) samples of each row in turn "
      + "in each of \(processes.count) processes: the median over them (and the range)")
  print(
    "  \(pad("", 48))  median µs  \(pad("(range)", 15))  \(pad("over the bare sleep", 20))  "
      + "\(pad("over the relay", 20))  p99 µs (range)")
  func range(_ sorted: [Double]) -> String {
    "(\(format(sorted.first ?? 0))–\(format(sorted.last ?? 0)))"
  }
  func withRange(_ values: [Double]?) -> String {
    let sorted = (values ?? []).sorted()
    return sorted.isEmpty ? "-" : format(median(sorted)) + " " + range(sorted)
  }
  for name in order {
    let values = (medians[name] ?? []).sorted()
    print(
      "  \(pad(name, 48))  \(pad(format(median(values)), 9))  \(pad(range(values), 15))  "
        + "\(pad(withRange(overSleep[name]), 20))  \(pad(withRange(overRelay[name]), 20))  "
        + range((p99s[name] ?? []).sorted()))
  }
}

/// The floors, by the names the summary looks them up by.
let bareSleepRow = "Task.sleep(until:)"
let bareRelayRow = "a relay: a task's sleep resumes a waiting task"
/// Not a floor the summary computes with: the relay with an operator's element hand-off.
let streamRelayRow = "the relay, fed its element through a stream"

private func microseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
}
