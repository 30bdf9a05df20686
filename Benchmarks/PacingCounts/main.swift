import AllocationCounter

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Counts that CI judges on every submission: heap allocations and locks per element in steady
// state, tasks per iterator and per burst of sends. Counted, never timed, so that the shared
// machines' noise cannot hide a regression or invent one. Locks are counted only in a build
// with `-Xswiftc -DASYNCPACING_COUNTING` (`.ci/run` makes one); exits 1 naming each row over its
// limit, with both figures.

// `--require` (CI passes it): counting that cannot happen fails instead of passing with zeros.
let isRequired = CommandLine.arguments.contains("--require")

guard allocation_counter_is_available() != 0 else {
  print(
    "PacingCounts: this C library's allocator cannot be interposed (glibc only); nothing counted")
  exit(isRequired ? 1 : 0)
}

#if !ASYNCPACING_COUNTING
  print("Locks are not counted in this build: build with -Xswiftc -DASYNCPACING_COUNTING.")
  if isRequired { exit(1) }
#endif

// The counters themselves must count: one object per element, one lock per `Debouncer.send`.
let control = await controlRow.measure()
// At least 0.9: one allocation of the runtime's own, in a short run's least try and not in the
// long run's, reads as 0.9999 (seen here), which is still a counter that counts.
guard control.allocationsPerElement >= 0.9, (control.locksPerElement ?? 1) >= 0.9 else {
  print(
    "PacingCounts: the control row counted \(format(control.allocationsPerElement)) allocations "
      + "and \(control.locksPerElement.map(format) ?? "-") locks per element, expected at least 1 "
      + "each: the counters do not count")
  exit(1)
}
print(
  "control, not judged: \(format(control.allocationsPerElement)) allocations and "
    + "\(control.locksPerElement.map(format) ?? "-") locks per element (one object and one lock)")

print(
  "row                           allocs/element (limit)   locks/element (limit)   tasks (limit)")
var failures: [String] = []
for row in operatorRows + deliveryRows + pacerRows + timeoutRows + rateRows + limiterRows {
  let counts = await row.measure()
  let locks = counts.locksPerElement.map(format) ?? "-"
  let lockLimit = row.limit.locksPerElement.map(format) ?? "-"
  print(
    pad(row.name, 30)
      + pad(
        "\(format(counts.allocationsPerElement)) (\(format(row.limit.allocationsPerElement)))", 25)
      + pad("\(locks) (\(lockLimit))", 24) + "\(counts.tasksPerRun) (\(row.limit.tasksPerRun))")
  failures += counts.excesses(over: row.limit).map { "\(row.name): \($0)" }
}
#if DEBUG
  // Unoptimised code allocates where release code does not: the limits are release figures.
  print("\nA debug build: counted, not judged (build with -c release, as CI does).")
#else
  if !failures.isEmpty {
    print("\nOver their limits:")
    for failure in failures { print("  " + failure) }
    exit(1)
  }
#endif

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
