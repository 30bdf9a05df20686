import AsyncPacing
import BenchmarkSupport

/// `rateLimited` against raw iteration, with a burst larger than the input, so that no element
/// waits for a token: what the bucket's bookkeeping and the on-demand round trip cost. Target:
/// at most 2.5× raw iteration's time per element.
///
/// Two references say where the target stands: raw iteration reading the clock once per
/// element, the least any limiter keeping the contract's rule 2 pays (it must know when each
/// element arrived), and `timeout(after:)`, the other operator reading on demand through the
/// shell, whose round trip per element is the same.
func measureRateLimits(runs: Int) async {
  let count = 200_000
  await measureTable(
    "rateLimited(to:per:burst:) over a fast non-suspending upstream, \(count) elements, "
      + "burst larger than the input",
    baseline: Workload(name: "raw iteration", elements: count) {
      await sum(of: CountingSequence(count: count))
    },
    rows: [
      Workload(name: "rateLimited(to: 1, per: .seconds(1), burst: ∞)", elements: count) {
        var sum = 0
        let limited = CountingSequence(count: count).rateLimited(
          to: 1, per: .seconds(1), burst: count + 1)
        for await value in limited { sum &+= value }
        return sum
      }
    ], target: 2.5,
    references: [
      Workload(name: "raw iteration + ContinuousClock.now per element", elements: count) {
        var sum = 0
        let clock = ContinuousClock()
        var latest = clock.now
        for await value in CountingSequence(count: count) {
          latest = max(latest, clock.now)
          sum &+= value
        }
        return latest == clock.now ? sum &+ 1 : sum
      },
      Workload(name: "timeout(after: .seconds(10)), the same round trip", elements: count) {
        var sum = 0
        do {
          for try await value in CountingSequence(count: count).timeout(after: .seconds(10)) {
            sum &+= value
          }
        } catch {
          return -1
        }
        return sum
      },
    ], runs: runs)
}
