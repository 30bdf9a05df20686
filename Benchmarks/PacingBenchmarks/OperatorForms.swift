import AsyncPacing

/// The per-element forms and `sample` over the fast upstream, against the fixed-interval
/// debounce measured in the same rounds: a closure returning a constant must cost little more
/// than a stored interval, and a sample's computed ticks little more than a debounce's deadline.
func measureOperatorForms(count: Int, runs: Int) async {
  await measureTable(
    "Fast non-suspending upstream, \(count) elements, against the fixed debounce "
      + "(target: within 1.2×)",
    baseline: Workload(name: "debounce(for: .seconds(10))", elements: count) {
      var sum = 0
      for await value in CountingSequence(count: count).debounce(for: .seconds(10)) {
        sum &+= value
      }
      return sum
    },
    rows: [
      Workload(name: "debounce(for: { _ in .seconds(10) })", elements: count) {
        var sum = 0
        for await value in CountingSequence(count: count).debounce(for: { _ in .seconds(10) }) {
          sum &+= value
        }
        return sum
      },
      Workload(name: "sample(every: .seconds(10))", elements: count) {
        var sum = 0
        for await value in CountingSequence(count: count).sample(every: .seconds(10)) {
          sum &+= value
        }
        return sum
      },
      Workload(name: "sample(every: .milliseconds(1))", elements: count) {
        var sum = 0
        for await value in CountingSequence(count: count).sample(every: .milliseconds(1)) {
          sum &+= value
        }
        return sum
      },
    ], target: 1.2,
    references: [
      Workload(name: "throttle(for: .milliseconds(1))", elements: count) {
        var sum = 0
        for await value in CountingSequence(count: count).throttle(for: .milliseconds(1)) {
          sum &+= value
        }
        return sum
      },
      Workload(name: "throttle(for: { _ in .milliseconds(1) })", elements: count) {
        var sum = 0
        let throttled = CountingSequence(count: count).throttle(for: { _ in .milliseconds(1) })
        for await value in throttled { sum &+= value }
        return sum
      },
    ], runs: runs)
}
