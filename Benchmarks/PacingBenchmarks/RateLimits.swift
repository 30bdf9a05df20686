import AsyncPacing
import BenchmarkSupport

/// `rateLimited` against raw iteration, with a burst larger than the input, so that no element
/// waits for a token: what the bucket's bookkeeping and the on-demand round trip cost. Target:
/// at most 2.5× raw iteration's time per element.
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
    ], target: 2.5, runs: runs)
}
