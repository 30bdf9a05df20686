// Repeats deterministic TestClock scenarios many times and prints how many runs were exact.
//
//   swift run -c release Stress [runs]        (default 10000; STRESS_RUNS also works)
//
// Run it with both CPUs busy to show that settling does not depend on the machine's speed.

let defaultRuns = 10_000
let runs =
  CommandLine.arguments.dropFirst().first.flatMap { Int($0) }
  ?? Environment.integer("STRESS_RUNS") ?? defaultRuns

let scenarios: [(name: String, run: @MainActor () async -> Bool)] = [
  ("TestClock pipeline", { await pipelineRunIsExact() }),
  ("TestClock main actor", { await mainActorRunIsExact() }),
]

var allExact = true
for scenario in scenarios {
  let start = ContinuousClock.now
  var exact = 0
  for _ in 0..<runs where await scenario.run() { exact += 1 }
  let elapsed = (ContinuousClock.now - start).components
  let microseconds = (Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) / 1e12)
  let perRun = (microseconds / Double(runs) * 10).rounded() / 10
  print("\(scenario.name): \(exact)/\(runs) exact (\(perRun) µs per run)")
  allExact = allExact && exact == runs
}
if !allExact { fatalError("some runs were not exact") }
