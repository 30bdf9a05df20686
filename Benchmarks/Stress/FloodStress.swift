import AsyncPacing
import BenchmarkSupport
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a flood of same-instant elements did: whether the consumer got every element in
/// order, and how far the process's peak resident memory grew.
struct FloodOutcome {
  var receivedAll: Bool
  var pacerKeptTheLatest: Bool
  var peakGrowthKiB: Int
}

/// `debounce(for: .zero)` over `count` elements at one instant to a consumer that yields
/// after each one (so the reader outruns it), then a `Debouncer(for: .zero)` sent as many
/// values while its action is busy. Run it first: peak memory only grows in a process.
func sameInstantFlood(count: Int) async -> FloodOutcome {
  let before = peakResidentKiB()
  var expected = 0
  for await number in IndexSequence(count: count).debounce(for: .zero, clock: StillClock()) {
    if number == expected { expected += 1 }
    await Task.yield()  // busy
  }
  let latest = Mutex(-1)
  let debouncer = Debouncer(for: .zero, clock: StillClock()) { (value: Int) in
    latest.withLock { $0 = value }
    await Task.yield()
  }
  for value in 0..<count { debouncer.send(value) }
  for _ in 0..<10_000 where latest.withLock({ $0 }) != count - 1 {
    try? await Task.sleep(for: .milliseconds(1))
  }
  return FloodOutcome(
    receivedAll: expected == count, pacerKeptTheLatest: latest.withLock { $0 } == count - 1,
    peakGrowthKiB: peakResidentKiB() - before)
}
