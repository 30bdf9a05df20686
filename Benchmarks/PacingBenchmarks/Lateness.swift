import AsyncPacing
import Synchronization

/// How late an output reaches its receiver after the instant it falls due, on
/// `ContinuousClock`: a consumer already waiting in `next()` for the operators, the start of
/// the action for a pacer, and a bare `Task.sleep(until:)` as the floor, all in this process,
/// one sample of each row in turn so that the machine's state falls on all rows alike.
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
  }
  typing.finish()
  scrolling.finish()

  print("\nLateness after the due instant, \(samples) samples of each row in turn, a 2 ms interval")
  print("  \(pad("", 44))  median µs  p99 µs   median over the bare sleep")
  let floor = median(rows[0].microseconds.sorted())
  for (name, values) in rows {
    let sorted = values.sorted()
    let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    print(
      "  \(pad(name, 44))  \(pad(format(median(sorted)), 9))  \(pad(format(p99), 7))  "
        + format(median(sorted) - floor))
  }
}

private func microseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
}
