// Floods a debounce and a debouncer with elements at one instant, to a busy consumer, and
// reports the growth of peak memory (two million elements from 5,000 runs on, STRESS_FLOOD to
// choose). Then repeats deterministic TestClock scenarios of the clock, every operator and
// every pacer many times and prints how many runs were exact; then races a reducing throttle's
// timer against its reader on the real clock and checks every fold; then ends thousands of
// real-clock iterations at random points and checks that every one ended and no internal task
// is left; last, 16 tasks share one RateLimiter, a tenth of their requests cancelled, and no
// token may be invented, kept or lost (STRESS_ACQUISITIONS, by default 20 per run).
//
//   swift run -c release Stress sleep-storm [sleepers] [busy threads] [runs]
//   swift run -c release Stress [runs]        (default 10000; STRESS_RUNS also works;
//                                               STRESS_CANCELLATIONS for the last part alone,
//                                               STRESS_FOLD_ELEMENTS for each fold run's length)
//
// Run it with both CPUs busy to show that settling does not depend on the machine's speed.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// `Stress marble-sizes [N …]`: parsing and playing long diagrams, measured alone.
if CommandLine.arguments.dropFirst().first == "marble-sizes" {
  let sizes = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
  await measureMarbleSizes(sizes.isEmpty ? [12_500, 25_000, 50_000, 100_000, 1_000_000] : sizes)
  exit(0)
}

// `Stress fold-soak [N]`: a reducing throttle over N elements (10 million by default) and a
// loop that does nothing: how many elements reach the loop.
if CommandLine.arguments.dropFirst().first == "fold-soak" {
  let elements = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 10_000_000
  let start = ContinuousClock.now
  let received = await reducingSoak(elements: elements, interval: .milliseconds(1))
  print(
    "fold soak: \(received) of \(elements) folded elements reached the loop "
      + "(\((ContinuousClock.now - start).components.seconds) s)")
  exit(received == elements ? 0 : 1)
}

// `Stress sleep-storm [sleepers] [busy threads] [runs]`: thousands of real-clock sleeps on a
// test clock at once, on a loaded machine: how many recovered durations were wrong, and whether
// the clock warned of every one.
if CommandLine.arguments.dropFirst().first == "sleep-storm" {
  let numbers = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
  let (sleepers, busy, stormRuns) = (
    numbers.first ?? 5_000, numbers.dropFirst().first ?? 3, numbers.dropFirst(2).first ?? 5
  )
  var failed = false
  for run in 0..<stormRuns {
    let outcome = await sleepStorm(sleepers: sleepers, busyThreads: busy)
    print(
      "sleep storm \(run + 1): \(outcome.sleepers) sleepers, \(busy) busy threads: "
        + "\(outcome.wrong) wrong, \(outcome.wrongAndWarned) of them warned, "
        + "\(outcome.warned) warned in all, \(outcome.tooShort) more than 20 ms short, "
        + "longest overshoot \(outcome.longestOvershoot)")
    failed = failed || outcome.wrong != outcome.wrongAndWarned || outcome.tooShort > 0
  }
  exit(failed ? 1 : 0)
}

let defaultRuns = 10_000
let runs =
  CommandLine.arguments.dropFirst().first.flatMap { Int($0) }
  ?? Environment.integer("STRESS_RUNS") ?? defaultRuns

// First: peak memory only grows within a process. The 4 MiB bound is for two million elements;
// a smaller run (a sanitizer's) floods less and checks only that nothing was lost, since a
// sanitizer's own memory would swamp the figure.
let floodCount = Environment.integer("STRESS_FLOOD") ?? min(runs * 400, 2_000_000)
let memoryIsChecked = floodCount == 2_000_000
let floodStart = ContinuousClock.now
let flood = await sameInstantFlood(count: floodCount)
print(
  "same-instant flood of \(floodCount) elements, busy consumer: debounce(0) delivered "
    + (flood.receivedAll ? "every one, in order" : "NOT every one")
    + "; Debouncer(0) ran " + (flood.pacerKeptTheLatest ? "the latest" : "NOT the latest")
    + "; peak memory grew \(flood.peakGrowthKiB) KiB"
    + (memoryIsChecked ? " " : ", unchecked below 2000000 elements ")
    + "(\((ContinuousClock.now - floodStart).components.seconds) s)")
if !flood.receivedAll || !flood.pacerKeptTheLatest
  || (memoryIsChecked && flood.peakGrowthKiB >= 4 * 1024)
{
  print("FAILED: a same-instant flood lost elements or grew memory by 4 MiB or more")
  exit(1)
}

let scenarios: [(name: String, run: @Sendable () async -> Bool)] =
  [
    ("TestClock pipeline", { @Sendable in await pipelineRunIsExact() }),
    ("TestClock main actor", { @Sendable in await mainActorRunIsExact() }),
    ("marble diagrams through a pipeline", { @Sendable in await marbleRunIsExact() }),
    (
      "TestClock pipeline, advanced automatically",
      { @Sendable in await pipelineRunIsExact(advancing: .automatic) }
    ),
    (
      "TestClock main actor, advanced automatically",
      { @Sendable in await mainActorRunIsExactAdvancedAutomatically() }
    ),
    (
      "marble diagrams, advanced automatically",
      { @Sendable in await marbleRunIsExact(advancing: .automatic) }
    ),
  ] + operatorScenarios

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
if !allExact {
  print("FAILED: some runs were not exact")
  exit(1)
}

// STRESS_FOLD_ELEMENTS sets each run's length: a sanitizer folds each element far more slowly,
// and under it nearly every element becomes a value of its own.
let foldRuns = max(runs / 10, 1)
let foldElements = Environment.integer("STRESS_FOLD_ELEMENTS") ?? 20_000
let foldStart = ContinuousClock.now
var intactRuns = 0
var finishedValues = 0
var receivedValues = 0
var receivedElements = 0
for _ in 0..<foldRuns {
  let integrity = await reducingRunIntegrity(elements: foldElements)
  if integrity.isIntact { intactRuns += 1 }
  finishedValues += integrity.finishedValues
  receivedValues += integrity.receivedValues
  receivedElements += integrity.receivedElements
}
let foldSeconds = (ContinuousClock.now - foldStart).components.seconds
print(
  "reducing throttle on the continuous clock, windows ending mid-fold: \(intactRuns)/\(foldRuns) "
    + "runs folded every element once, in order, and delivered every value; "
    + "\(receivedValues) of \(finishedValues) values received, holding \(receivedElements) of "
    + "\(foldRuns * foldElements) elements (\(foldSeconds) s)")
if intactRuns != foldRuns {
  print("FAILED: a reducing throttle lost, repeated or reordered a fold")
  exit(1)
}

// STRESS_CANCELLATIONS sets the count alone, for a long run of the nine forms.
let cancellationRuns = Environment.integer("STRESS_CANCELLATIONS") ?? max(runs / 5, 1)
let cancellationStart = ContinuousClock.now
let leftAlive = await cancellationStress(iterations: cancellationRuns)
let seconds = (ContinuousClock.now - cancellationStart).components.seconds
print(
  "cancellation at random points: \(cancellationRuns)/\(cancellationRuns) iterations ended "
    + "(\(seconds) s), internal tasks left alive: \(leftAlive.tasks), "
    + "deadlines left in the shared timer: \(leftAlive.deadlines)")
if leftAlive.tasks != 0 || leftAlive.deadlines != 0 {
  print("FAILED: internal tasks or shared-timer deadlines were left")
  exit(1)
}

// STRESS_ACQUISITIONS sets the count alone: 16 tasks sharing one RateLimiter.
let acquisitions = Environment.integer("STRESS_ACQUISITIONS") ?? max(runs * 20, 16)
let limiterStart = ContinuousClock.now
let limiterOutcome = await limiterStress(acquisitions: acquisitions)
let limiterSeconds = (ContinuousClock.now - limiterStart).components.seconds
print(
  "RateLimiter shared by 16 tasks: \(limiterOutcome.granted) granted and "
    + "\(limiterOutcome.cancelled) cancelled of \(acquisitions / 16 * 16) requests "
    + "(\(limiterSeconds) s); grants over the bucket's bound: \(limiterOutcome.overGranted); "
    + "bucket full again after: \(limiterOutcome.refilled)")
if limiterOutcome.granted + limiterOutcome.cancelled != acquisitions / 16 * 16
  || limiterOutcome.overGranted != 0 || !limiterOutcome.refilled
{
  print("FAILED: the shared limiter lost, invented or kept tokens")
  exit(1)
}
