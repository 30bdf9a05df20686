import AsyncPacing
import Synchronization
import Testing

/// A per-value interval closure runs under its pacer's lock: one that calls its own pacer stops
/// with a message naming the pacer and the rule (the probe saw "Recursive call to lock Mutex").
@Suite struct PacerReentranceTests {
  @Test func aDebouncersIntervalClosureThatSendsToItNamesTheRule() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let pacer = Mutex<Debouncer<Int>?>(nil)
      let intervalOf = { @Sendable (value: Int) -> Duration in
        if value == 1 { pacer.withLock { $0 }?.send(2) }
        return .seconds(1)
      }
      let debouncer = Debouncer(for: intervalOf) { _ in }
      pacer.withLock { $0 = debouncer }
      debouncer.send(1)
    }
    let message = standardError(of: result)
    #expect(message.contains("Debouncer: called from its own per-value interval closure"))
    #expect(message.contains("\"Each element's own interval\""), "\(message)")
  }

  @Test func aThrottlersIntervalClosureThatSendsToItNamesTheRule() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let pacer = Mutex<Throttler<Int>?>(nil)
      let intervalOf = { @Sendable (value: Int) -> Duration in
        if value == 1 { pacer.withLock { $0 }?.flush() }
        return .seconds(1)
      }
      let throttler = Throttler(for: intervalOf) { _ in }
      pacer.withLock { $0 = throttler }
      throttler.send(1)
      // A throttler asks for a window's interval when the action starts, on its runner task.
      try? await Task.sleep(for: .seconds(5))
    }
    let message = standardError(of: result)
    #expect(message.contains("Throttler: called from its own per-value interval closure"))
    #expect(message.contains("\"Each window's own interval\""), "\(message)")
  }

  /// Another pacer called from the closure is not a call back: it works.
  @Test func anIntervalClosureMayCallAnotherPacer() async {
    let other = Debouncer(for: .seconds(1)) { (_: Int) in }
    let intervalOf = { @Sendable (value: Int) -> Duration in
      other.send(value)
      return .seconds(1)
    }
    let debouncer = Debouncer(for: intervalOf) { _ in }
    debouncer.send(1)
    #expect(other.isPending)
    other.cancel()
    debouncer.cancel()
  }
}
