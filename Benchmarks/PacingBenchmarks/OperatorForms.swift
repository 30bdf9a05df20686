import AsyncPacing
import BenchmarkSupport

/// The per-element forms and `sample` over the fast upstream, against the fixed-interval
/// debounce measured in the same rounds: a closure returning a constant must cost little more
/// than a stored interval, and a sample's computed ticks little more than a debounce's deadline.
func measureOperatorForms(count: Int, runs: Int) async {
  let upstream = CountingSequence(count: count)
  await measureTable(
    "Fast non-suspending upstream, \(count) elements, against the fixed debounce "
      + "(target: within 1.2×)",
    baseline: Workload(name: "debounce(for: .seconds(10))", elements: count) {
      await sum(of: upstream.debounce(for: .seconds(10)))
    },
    rows: [
      Workload(name: "debounce(for: { _ in .seconds(10) })", elements: count) {
        await sum(of: upstream.debounce(for: { _ in .seconds(10) }))
      },
      Workload(name: "sample(every: .seconds(10))", elements: count) {
        await sum(of: upstream.sample(every: .seconds(10)))
      },
      Workload(name: "sample(every: .milliseconds(1))", elements: count) {
        await sum(of: upstream.sample(every: .milliseconds(1)))
      },
    ], target: 1.2,
    references: [
      Workload(name: "throttle(for: .milliseconds(1))", elements: count) {
        await sum(of: upstream.throttle(for: .milliseconds(1)))
      },
      Workload(name: "throttle(for: { _ in .milliseconds(1) })", elements: count) {
        await sum(of: upstream.throttle(for: { _ in .milliseconds(1) }))
      },
    ], runs: runs)
}
