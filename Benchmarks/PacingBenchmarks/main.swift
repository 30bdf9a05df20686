// Prints what pacing costs per element, as ratios to a baseline measured in the same process
// (raw iteration of the same upstream, or for `send` a clock reading plus a `Mutex` update:
// absolute times on a shared machine are noise, ratios hold better), then peak memory per
// burst size. Each process times a table's rows in interleaved rounds and divides each row's
// fastest round by the baseline's; the summary is the median of that ratio over the processes,
// with its range.
//
//   swift run -c release PacingBenchmarks [runs per row] [processes]     (default 5 5)

import AsyncPacing
import BenchmarkSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst()

// `PacingBenchmarks scale KIND N` is a child process of the table of what stays alive.
if arguments.first == "scale", let kind = arguments.dropFirst().first.flatMap(AliveKind.init),
  let count = arguments.dropFirst(2).first.flatMap({ Int($0) })
{
  await runScaleProbe(kind: kind, count: count)
  exit(0)
}

// `PacingBenchmarks memory N` is the child process of the memory table.
if arguments.first == "memory", let count = arguments.dropFirst().first.flatMap({ Int($0) }) {
  await runMemoryProbe(count: count)
  exit(0)
}

// `PacingBenchmarks profile raw|debounce|throttle|sample|reducing|debouncer-send[-2]|throttler-send|try-acquire|floor-2`
// runs one workload repeatedly, for a profiler.
if arguments.first == "profile" {
  // An element count after the workload's name runs it once, for an instruction counter.
  let count = arguments.dropFirst(2).first.flatMap { Int($0) }
  let upstream = CountingSequence(count: count ?? 1_000_000)
  for _ in 0..<(count == nil ? 20 : 1) {
    var sum = 0
    switch arguments.dropFirst().first {
    case "raw":
      for await value in upstream { sum &+= value }
    case "throttle":
      for await value in upstream.throttle(for: .milliseconds(1)) { sum &+= value }
    case "sample":
      for await value in upstream.sample(every: .seconds(10)) { sum &+= value }
    case "reducing":
      for await value in upstream.throttle(for: .milliseconds(1), reducing: { ($0 ?? 0) &+ $1 }) {
        sum &+= value
      }
    case "throttler-send":
      let throttler = Throttler(for: .seconds(10)) { (value: Int) in if value == 42 { print(value) }
      }
      for value in 0..<(count ?? 1_000_000) { throttler.send(value) }
      throttler.cancel()
    case "debouncer-send-2":
      let debouncer = Debouncer(for: .seconds(10)) { (value: Int) in if value == 42 { print(value) }
      }
      _ = await sendConcurrently(threads: 2, count: 1_000_000) { debouncer.send($0) }
      debouncer.cancel()
    case "try-acquire":
      let limiter = RateLimiter(permits: 1_000, per: .seconds(1), burst: 1_000_000_000)
      for _ in 0..<(count ?? 1_000_000) where limiter.tryAcquire() { sum &+= 1 }
    case "floor-2":
      let floor = ClockAndMutexFloor()
      _ = await sendConcurrently(threads: 2, count: 1_000_000) { floor.send($0) }
    case "debouncer-send":
      let debouncer = Debouncer(for: .seconds(10)) { (value: Int) in if value == 42 { print(value) }
      }
      for value in 0..<(count ?? 1_000_000) { debouncer.send(value) }
      debouncer.cancel()
    default:
      for await value in upstream.debounce(for: .seconds(10)) { sum &+= value }
    }
    if sum == 42 { print(sum) }
  }
  exit(0)
}
// Without `child`, this process only starts the measuring processes and summarises them.
if arguments.first != "child" {
  let runs = arguments.first.flatMap { Int($0) } ?? 5
  let processes = arguments.dropFirst().first.flatMap { Int($0) } ?? 5
  summarize(runs: runs, processes: processes)
  measureMemoryInChildProcesses(sizes: [10_000, 100_000, 1_000_000])
  measureScaleInChildProcesses(count: 100_000)
  exit(0)
}

// `PacingBenchmarks child RUNS`: one measuring process; prints its rows for the summary.
let runs = arguments.dropFirst().first.flatMap { Int($0) } ?? 5
let fastCount = 1_000_000
let streamCount = 200_000

await measureTable(
  "Fast non-suspending upstream, \(fastCount) elements (target: at most 4× raw)",
  baseline: Workload(name: "raw iteration", elements: fastCount) {
    await sum(of: CountingSequence(count: fastCount))
  },
  rows: [
    Workload(name: "debounce(for: .seconds(10))", elements: fastCount) {
      await sum(of: CountingSequence(count: fastCount).debounce(for: .seconds(10)))
    },
    Workload(name: "debounce(for: .seconds(10)) on AnyClock", elements: fastCount) {
      let erased = AnyClock(ContinuousClock())
      return await sum(
        of: CountingSequence(count: fastCount).debounce(for: .seconds(10), clock: erased))
    },
    Workload(name: "throttle(for: .milliseconds(1))", elements: fastCount) {
      await sum(of: CountingSequence(count: fastCount).throttle(for: .milliseconds(1)))
    },
    Workload(name: "throttle(for: .milliseconds(1), reducing: +)", elements: fastCount) {
      let sums = CountingSequence(count: fastCount).throttle(for: .milliseconds(1)) {
        ($0 ?? 0) &+ $1
      }
      return await sum(of: sums)
    },
  ], target: 4, runs: runs)

await measureOperatorForms(count: fastCount, runs: runs)
await measureTimeouts(runs: runs)
await measureRateLimits(runs: runs)
await measureRateLimiter(runs: runs)

await measureTable(
  "AsyncStream fed by a producer task, \(streamCount) elements (target: at most 1.2× raw)",
  baseline: Workload(name: "raw iteration", elements: streamCount) {
    await sum(of: producedStream(count: streamCount))
  },
  rows: [
    Workload(name: "debounce(for: .seconds(10))", elements: streamCount) {
      await sum(of: producedStream(count: streamCount).debounce(for: .seconds(10)))
    }
  ], target: 1.2, runs: runs)

let sendCount = 100_000
let floor = ClockAndMutexFloor()
let taskPerValue = TaskPerValueDebouncer(interval: .seconds(10))
await measureTable(
  "send in a burst of \(sendCount), one thread (target: within 2× of the floor, "
    + "at least 10× cheaper than a Task per value)",
  baseline: Workload(name: "ContinuousClock.now + Mutex update", elements: sendCount) {
    for value in 0..<sendCount { floor.send(value) }
    return sendCount
  },
  rows: [
    Workload(name: "Debouncer.send", elements: sendCount) {
      let debouncer = Debouncer(for: .seconds(10)) { (value: Int) in if value == 42 { print(value) }
      }
      for value in 0..<sendCount { debouncer.send(value) }
      debouncer.cancel()
      return sendCount
    },
    Workload(name: "Throttler.send", elements: sendCount) {
      let throttler = Throttler(for: .seconds(10)) { (value: Int) in if value == 42 { print(value) }
      }
      for value in 0..<sendCount { throttler.send(value) }
      throttler.cancel()
      return sendCount
    },
  ], target: 2,
  references: [
    Workload(
      name: "a new Task per value (cancel + create)", elements: sendCount,
      run: {
        for value in 0..<sendCount { taskPerValue.send(value) }
        taskPerValue.cancel()
        return sendCount
      },
      // Its cancelled tasks still have to run; left running, they slowed the next rows down.
      settle: { await taskPerValue.waitForItsTasks() })
  ], runs: runs)

await measureTable(
  "send in a burst of \(sendCount), two threads at once (ns per send, wall time)",
  baseline: Workload(name: "ContinuousClock.now + Mutex update", elements: sendCount) {
    await sendConcurrently(threads: 2, count: sendCount) { floor.send($0) }
  },
  rows: [
    Workload(name: "Debouncer.send", elements: sendCount) {
      let debouncer = Debouncer(for: .seconds(10)) { (value: Int) in if value == 42 { print(value) }
      }
      defer { debouncer.cancel() }
      return await sendConcurrently(threads: 2, count: sendCount) { debouncer.send($0) }
    },
    Workload(name: "Throttler.send", elements: sendCount) {
      let throttler = Throttler(for: .seconds(10)) { (value: Int) in if value == 42 { print(value) }
      }
      defer { throttler.cancel() }
      return await sendConcurrently(threads: 2, count: sendCount) { throttler.send($0) }
    },
  ], target: nil, runs: runs)

await measureLateness(samples: latenessSamples(runs: runs))
