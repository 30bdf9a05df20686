@_spi(Diagnostics) import AsyncPacing
import BenchmarkSupport
import Synchronization

/// `count` of each kept alive at once, in this process (a server holding one per connection):
/// idle pacers, then consumer tasks waiting on a bare `AsyncStream` (the baseline), then the
/// same waiting on that stream debounced. Prints `count bytesPerPacer pacerTasks
/// bytesPerBareWaiter bytesPerDebouncedWaiter iteratorTasks`, bytes from the resident size's
/// growth, tasks as the operators' and pacers' internal tasks alive at that moment.
func runScaleProbe(count: Int) async {
  var before = residentKiB()
  var pacers: [Debouncer<Int>] = []
  pacers.reserveCapacity(count)
  for _ in 0..<count {
    pacers.append(Debouncer(for: .seconds(10)) { (value: Int) in if value < 0 { print(value) } })
  }
  let bytesPerPacer = (residentKiB() - before) * 1024 / count
  let pacerTasks = PacingDiagnostics.liveInternalTasks
  withExtendedLifetime(pacers) {}
  pacers.removeAll()

  before = residentKiB()
  let bareFeeds = await waitingConsumers(count: count) { $0 }
  let bytesPerBareWaiter = (residentKiB() - before) * 1024 / count
  for feed in bareFeeds { feed.finish() }

  let tasksBefore = PacingDiagnostics.liveInternalTasks
  before = residentKiB()
  let debouncedFeeds = await waitingConsumers(count: count) { $0.debounce(for: .seconds(10)) }
  let bytesPerDebouncedWaiter = (residentKiB() - before) * 1024 / count
  let iteratorTasks = PacingDiagnostics.liveInternalTasks - tasksBefore
  for feed in debouncedFeeds { feed.finish() }
  print(
    "\(count) \(bytesPerPacer) \(pacerTasks) \(bytesPerBareWaiter) \(bytesPerDebouncedWaiter) "
      + "\(iteratorTasks)")
}

/// Starts `count` tasks, each waiting in `next()` on a stream of its own shaped by `shape`, and
/// returns once all of them wait; finishing a returned feed ends its task.
private func waitingConsumers<Shaped: AsyncSequence & Sendable>(
  count: Int, shape: @escaping @Sendable (AsyncStream<Int>) -> Shaped
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
  // Each task has made its iterator and is about to wait; a moment more lets the last ones
  // reach `next()` and their operators start their readers.
  while waiting.value < count { try? await Task.sleep(for: .milliseconds(10)) }
  try? await Task.sleep(for: .milliseconds(200))
  return feeds
}

/// How many consumers have made their iterators.
private final class WaitingCount: Sendable {
  private let count = Atomic<Int>(0)

  func add() {
    count.add(1, ordering: .relaxed)
  }

  var value: Int { count.load(ordering: .relaxed) }
}

/// Runs this executable again as `scale N` and prints the table.
func measureScaleInChildProcess(count: Int) {
  print("\nAlive at once, \(count) of each in one process (bytes from the resident size's growth)")
  guard let output = runChild(arguments: ["scale", String(count)]),
    let line = output.split(separator: "\n").last
  else {
    print("  the child process failed")
    return
  }
  let fields = line.split(separator: " ").compactMap { Int($0) }
  guard fields.count == 6 else { return }
  print("  \(pad("", 52))  bytes each   internal tasks alive")
  print("  \(pad("an idle Debouncer", 52))  \(pad(String(fields[1]), 11))  \(fields[2])")
  print("  \(pad("a task waiting on a bare AsyncStream (the baseline)", 52))  \(fields[3])")
  print(
    "  \(pad("a task waiting on that stream debounced", 52))  \(pad(String(fields[4]), 11))  "
      + "\(fields[5])")
  print("  \(pad("  the debounced iterator's own share", 52))  \(fields[4] - fields[3])")
}
