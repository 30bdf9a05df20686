import AsyncPacing
import BenchmarkSupport

/// The timeouts against what they wrap: `timeout(after:)` reads on demand, a round trip between
/// the consumer and the reader per element, where raw iteration is a call; `withTimeout` is a
/// task group of two child tasks per call, where the bare operation is a call. No target: these
/// rows say what a timeout costs, for the Performance article.
func measureTimeouts(runs: Int) async {
  let count = 200_000
  await measureTable(
    "timeout(after:) over a fast non-suspending upstream, \(count) elements",
    baseline: Workload(name: "raw iteration", elements: count) {
      await sum(of: CountingSequence(count: count))
    },
    rows: [
      Workload(name: "timeout(after: .seconds(10))", elements: count) {
        var sum = 0
        do {
          for try await value in CountingSequence(count: count).timeout(after: .seconds(10)) {
            sum &+= value
          }
        } catch {
          print("timeout(after:) row: \(error)")
        }
        return sum
      }
    ], target: nil, runs: runs)

  let calls = 20_000
  await measureTable(
    "withTimeout around an operation that returns at once, \(calls) calls",
    baseline: Workload(name: "the bare operation", elements: calls) {
      var sum = 0
      for value in 0..<calls { sum &+= await returnsAtOnce(value) }
      return sum
    },
    rows: [
      Workload(name: "withTimeout(for: .seconds(10))", elements: calls) {
        var sum = 0
        for value in 0..<calls {
          sum &+= (try? await withTimeout(for: .seconds(10)) { await returnsAtOnce(value) }) ?? 0
        }
        return sum
      }
    ], target: nil,
    references: [
      // The floor of any timeout that keeps its operation a child: a task group whose two
      // children are the operation and a sleep, cancelled once the operation returned.
      Workload(name: "a task group: the operation and a cancelled sleep", elements: calls) {
        var sum = 0
        for value in 0..<calls {
          sum &+= await withTaskGroup(of: Int?.self) { group in
            group.addTask { await returnsAtOnce(value) }
            group.addTask {
              try? await Task.sleep(for: .seconds(10))
              return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? 0
          }
        }
        return sum
      }
    ], runs: runs)
}

/// An async operation the optimiser cannot see through, that returns without suspending.
@inline(never)
func returnsAtOnce(_ value: Int) async -> Int {
  value &* 3
}
