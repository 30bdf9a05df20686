import AsyncPacing
import AsyncPacingTesting
import Synchronization
import Testing

/// Ordinary tests that run beside the process scope's in the same `swift test`: a real-clock
/// sleep, and a debounce on a clock of their own with the default scope. The process scope takes
/// none of their work, so each passes as it would alone.
@Suite struct ProcessScopeNeighbourTests {
  @Test(arguments: 0..<50) func anOrdinaryTestBesideTheProcessScope(index: Int) async throws {
    let start = ContinuousClock.now
    // Outside any clock's scope, so that this sleep is real: the clock comes after.
    try await Task.sleep(for: .milliseconds(20))
    #expect(ContinuousClock.now - start >= .milliseconds(20))
    await withTestClock { clock in
      let saved = Mutex<[Int]>([])
      let save = Debouncer(for: .milliseconds(300), clock: clock) { (value: Int) in
        saved.withLock { $0.append(value) }
      }
      save(index)
      await clock.advance(by: .milliseconds(299))
      #expect(saved.withLock { $0 } == [])
      await clock.advance(by: .milliseconds(1))
      #expect(saved.withLock { $0 } == [index])
    }
  }
}
