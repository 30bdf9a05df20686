@_spi(Diagnostics) import AsyncPacing
import BenchmarkSupport
import Synchronization

/// What stays alive at once: `count` of one kind, in this process (a server holding one per
/// connection). Each kind runs in a process of its own, so that one kind's freed memory is no
/// other's. Prints `bytesEach internalTasksAlive`: bytes from the resident size's growth, tasks
/// as the operators' and pacers' internal tasks alive at that moment.
enum AliveKind: String, CaseIterable {
  /// Debouncers never sent to.
  case idlePacer = "pacer"
  /// Tasks waiting in `next()` on a bare `AsyncStream`: the baseline.
  case bareWaiter = "bare"
  /// The same, on that stream debounced.
  case debouncedWaiter = "debounced"
  /// The same, with one element pending in each debounce (its quiet period running).
  case debouncedHolding = "debounced-holding"
  /// Debouncers each holding a value, its quiet period running.
  case holdingPacer = "pacer-holding"
  /// Debounced iterators made and never iterated: the shell alone, with no task.
  case madeIterator = "debounced-made"
  /// Tasks waiting on a continuation never resumed: what a task costs, the floor of a reader.
  case parkedTask = "task"
}

func runScaleProbe(kind: AliveKind, count: Int) async {
  let before = residentKiB()
  switch kind {
  case .idlePacer:
    var pacers: [Debouncer<Int>] = []
    pacers.reserveCapacity(count)
    for _ in 0..<count {
      pacers.append(Debouncer(for: .seconds(10)) { (value: Int) in if value < 0 { print(value) } })
    }
    report(before: before, count: count)
    withExtendedLifetime(pacers) {}
  case .bareWaiter:
    let feeds = await waitingConsumers(count: count, internalTasks: 0) { $0 }
    report(before: before, count: count)
    for feed in feeds { feed.finish() }
  case .debouncedWaiter:
    // Each waiting iterator has started its reader.
    let feeds = await waitingConsumers(count: count, internalTasks: count) {
      $0.debounce(for: .seconds(10))
    }
    report(before: before, count: count)
    for feed in feeds { feed.finish() }
  case .debouncedHolding:
    let feeds = await waitingConsumers(count: count, internalTasks: count) {
      $0.debounce(for: .seconds(10))
    }
    for feed in feeds { feed.yield(1) }
    await settle(until: { PacingDiagnostics.pendingSharedDeadlines >= count })
    report(before: before, count: count)
    for feed in feeds { feed.finish() }
  case .holdingPacer:
    var pacers: [Debouncer<Int>] = []
    pacers.reserveCapacity(count)
    for _ in 0..<count {
      let pacer = Debouncer(for: .seconds(10)) { (value: Int) in if value < 0 { print(value) } }
      pacer.send(1)
      pacers.append(pacer)
    }
    await settle(until: { PacingDiagnostics.pendingSharedDeadlines >= count })
    report(before: before, count: count)
    for pacer in pacers { pacer.cancel() }
  case .madeIterator:
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    var iterators: [AsyncPacingIterator<Int, Never>] = []
    iterators.reserveCapacity(count)
    for _ in 0..<count {
      iterators.append(stream.debounce(for: .seconds(10)).makeAsyncIterator())
    }
    report(before: before, count: count)
    withExtendedLifetime(iterators) {}
    feed.finish()
  case .parkedTask:
    let parked = WaitingCount()
    var tasks: [Task<Void, Never>] = []
    tasks.reserveCapacity(count)
    for _ in 0..<count {
      tasks.append(
        Task {
          parked.add()
          await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        })
    }
    await settle(until: { parked.value >= count })
    report(before: before, count: count)
  }
}

/// Prints the bytes each and the internal tasks alive, then the deadlines the shared timer holds.
private func report(before: Int, count: Int) {
  let bytes = (residentKiB() - before) * 1024 / count
  print(
    "\(bytes) \(PacingDiagnostics.liveInternalTasks) \(PacingDiagnostics.pendingSharedDeadlines)")
}

/// Starts `count` tasks, each waiting in `next()` on a stream of its own shaped by `shape`, and
/// returns once all of them wait; finishing a returned feed ends its task.
private func waitingConsumers<Shaped: AsyncSequence & Sendable>(
  count: Int, internalTasks: Int, shape: @escaping @Sendable (AsyncStream<Int>) -> Shaped
) async -> [AsyncStream<Int>.Continuation] where Shaped.Failure == Never {
  let waiting = WaitingCount()
  var feeds: [AsyncStream<Int>.Continuation] = []
  feeds.reserveCapacity(count)
  for _ in 0..<count {
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    feeds.append(feed)
    Task {
      var iterator = shape(stream).makeAsyncIterator()
      waiting.add()
      while await iterator.next(isolation: nil) != nil {}
    }
  }
  // Every task has made its iterator, and the operators' readers have started.
  await settle(until: {
    waiting.value >= count && PacingDiagnostics.liveInternalTasks >= internalTasks
  })
  return feeds
}

/// Waits until `ready`, then until the resident size has settled: two readings 50 ms apart
/// agree.
private func settle(until ready: () -> Bool) async {
  while !ready() {
    try? await Task.sleep(for: .milliseconds(10))
  }
  var last = residentKiB()
  while true {
    try? await Task.sleep(for: .milliseconds(50))
    let now = residentKiB()
    if now == last { break }
    last = now
  }
}

/// How many consumers have made their iterators.
private final class WaitingCount: Sendable {
  private let count = Atomic<Int>(0)

  func add() {
    count.add(1, ordering: .relaxed)
  }

  var value: Int { count.load(ordering: .relaxed) }
}

/// Runs this executable again as `scale KIND N` for each kind and prints the table.
func measureScaleInChildProcesses(count: Int) {
  print("\nAlive at once, \(count) of one kind per process (bytes from the resident size's growth)")
  print("  \(pad("", 52))  bytes each   internal tasks alive   shared-timer deadlines")
  var bytes: [AliveKind: Int] = [:]
  let names: [AliveKind: String] = [
    .idlePacer: "an idle Debouncer",
    .bareWaiter: "a task waiting on a bare AsyncStream (the baseline)",
    .debouncedWaiter: "a task waiting on that stream debounced",
    .debouncedHolding: "the same, one element pending",
    .holdingPacer: "a Debouncer holding a value",
    .madeIterator: "a debounced iterator made, never iterated",
    .parkedTask: "a task waiting on a continuation (a task's floor)",
  ]
  for kind in AliveKind.allCases {
    guard let output = runChild(arguments: ["scale", kind.rawValue, String(count)]),
      let line = output.split(separator: "\n").last
    else {
      print("  \(names[kind] ?? ""): the child process failed")
      continue
    }
    let fields = line.split(separator: " ").compactMap { Int($0) }
    guard fields.count == 3 else { continue }
    bytes[kind] = fields[0]
    print(
      "  \(pad(names[kind] ?? "", 52))  \(pad(String(fields[0]), 11))  "
        + "\(pad(String(fields[1]), 21))  \(fields[2])")
  }
  if let debounced = bytes[.debouncedWaiter], let bare = bytes[.bareWaiter] {
    print("  \(pad("  the debounced iterator's own share", 52))  \(debounced - bare)")
  }
}
