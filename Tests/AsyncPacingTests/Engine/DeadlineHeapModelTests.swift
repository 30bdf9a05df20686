import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The shared timer's heap against a dictionary of what each shell registered last: random
/// registrations (later, earlier, stale), removals and pops, checked after every step.
@Suite struct DeadlineHeapModelTests {
  private struct Model {
    /// Per shell: its pending key and generation, if any, and the latest generation accepted.
    var pending: [Int: (key: Int, generation: UInt64)] = [:]
    var latest: [Int: UInt64] = [:]

    mutating func accepts(_ generation: UInt64, from shell: Int) -> Bool {
      guard generation >= latest[shell, default: 0] else { return false }
      latest[shell] = generation
      return true
    }
  }

  @Test func theHeapFiresWhatTheModelHoldsInKeyOrder() {
    var random = SplitMix64(seed: RandomSchedules.seed)
    for _ in 0..<max(RandomSchedules.count / 10, 20) {
      let shells = (0..<8).map { _ in SharedTimerEntry() }
      var generations = [UInt64](repeating: 0, count: shells.count)
      var heap = DeadlineHeap()
      var model = Model()
      let fired = Recorder<Int>()
      for _ in 0..<60 {
        let shell = Int(random.next() % UInt64(shells.count))
        switch random.next() % 6 {
        case 0, 1, 2:
          // A new registration, or now and then one older than the latest (a late perform).
          let stale = random.next() % 5 == 0 && generations[shell] > 0
          if !stale { generations[shell] += 1 }
          let generation = stale ? generations[shell] - 1 : generations[shell]
          let key = Int(random.next() % 50)
          let accepted = heap.set(
            .seconds(key), generation: generation, of: shells[shell],
            fire: { _ in fired.record(shell) })
          let expected = model.accepts(generation, from: shell)
          #expect(accepted == expected)
          if expected { model.pending[shell] = (key, generation) }
        case 3:
          generations[shell] += 1
          heap.remove(generation: generations[shell], of: shells[shell])
          if model.accepts(generations[shell], from: shell) { model.pending[shell] = nil }
        default:
          let now = Int(random.next() % 50)
          let due = heap.popDue(at: .seconds(now))
          let expected = model.pending.filter { $0.value.key <= now }
          #expect(due.map(\.1).count == expected.count)
          let before = fired.recorded.count
          for (fire, generation) in due { fire(generation) }
          let firedShells = Array(fired.recorded.dropFirst(before))
          #expect(Set(firedShells) == Set(expected.keys))
          // Earliest first; among equal keys, any order.
          let firedKeys = firedShells.map { expected[$0]?.key ?? -1 }
          #expect(firedKeys == firedKeys.sorted())
          for shell in expected.keys { model.pending[shell] = nil }
        }
        #expect(heap.count == model.pending.count)
        #expect(heap.earliest == model.pending.values.map(\.key).min().map { .seconds($0) })
      }
    }
  }
}
