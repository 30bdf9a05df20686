// Prints what pacing costs per element, as ratios to raw iteration of the same upstream,
// measured in one run (absolute times on a shared machine are noise; ratios hold).
//
//   swift run -c release PacingBenchmarks [runs]

import AsyncPacing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst()
let runs = arguments.first.flatMap { Int($0) } ?? 7

// `PacingBenchmarks profile debounce|throttle|reducing` runs one fast-upstream workload
// repeatedly, for a profiler.
if arguments.first == "profile" {
  let upstream = CountingSequence(count: 1_000_000)
  for _ in 0..<20 {
    var sum = 0
    switch arguments.dropFirst().first {
    case "throttle":
      for await value in upstream.throttle(for: .milliseconds(1)) { sum &+= value }
    case "reducing":
      for await value in upstream.throttle(for: .milliseconds(1), reducing: { ($0 ?? 0) &+ $1 }) {
        sum &+= value
      }
    default:
      for await value in upstream.debounce(for: .seconds(10)) { sum &+= value }
    }
    if sum == 42 { print(sum) }
  }
  exit(0)
}
let fastCount = 1_000_000
let streamCount = 200_000

print("AsyncPacing benchmarks: median of \(runs) runs")

let rawFast = await Measurement.median("raw iteration", elements: fastCount, runs: runs) {
  var sum = 0
  for await value in CountingSequence(count: fastCount) { sum &+= value }
  return sum
}
let debounceFast = await Measurement.median(
  "debounce(for: .seconds(10))", elements: fastCount, runs: runs
) {
  var sum = 0
  for await value in CountingSequence(count: fastCount).debounce(for: .seconds(10)) {
    sum &+= value
  }
  return sum
}
let throttleFast = await Measurement.median(
  "throttle(for: .milliseconds(1))", elements: fastCount, runs: runs
) {
  var sum = 0
  for await value in CountingSequence(count: fastCount).throttle(for: .milliseconds(1)) {
    sum &+= value
  }
  return sum
}
let reducingFast = await Measurement.median(
  "throttle(for: .milliseconds(1), reducing: +)", elements: fastCount, runs: runs
) {
  var sum = 0
  let sums = CountingSequence(count: fastCount).throttle(for: .milliseconds(1)) {
    ($0 ?? 0) &+ $1
  }
  for await value in sums { sum &+= value }
  return sum
}
printTable(
  "Fast non-suspending upstream, \(fastCount) elements (target: at most 4× raw)",
  baseline: rawFast, rows: [debounceFast, throttleFast, reducingFast], target: 4)

let rawStream = await Measurement.median("raw iteration", elements: streamCount, runs: runs) {
  var sum = 0
  for await value in producedStream(count: streamCount) { sum &+= value }
  return sum
}
let debounceStream = await Measurement.median(
  "debounce(for: .seconds(10))", elements: streamCount, runs: runs
) {
  var sum = 0
  for await value in producedStream(count: streamCount).debounce(for: .seconds(10)) {
    sum &+= value
  }
  return sum
}
printTable(
  "AsyncStream fed by a producer task, \(streamCount) elements (target: at most 1.2× raw)",
  baseline: rawStream, rows: [debounceStream], target: 1.2)
