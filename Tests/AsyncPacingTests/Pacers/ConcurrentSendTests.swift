import AsyncPacingTesting
import Dispatch
import Testing

@testable import AsyncPacing

/// `send` is safe from any thread: a burst from several threads at once is one burst.
@Suite struct ConcurrentSendTests {
  @Test(.testClock(progressTimeout: .seconds(300)), arguments: PacerKind.allCases)
  func sendWorksFromManyThreadsAtOnce(kind: PacerKind) async {
    // The body holds the executor on purpose while four threads send; under ThreadSanitizer
    // on two busy cores that took more than the default 30 s guard.
    let clock = TestClock.current
    let ran = Recorder<Int>()
    let pacer = kind.make(for: .seconds(1), clock: clock) { (value: Int) in ran.record(value) }
    // Time stands still meanwhile, so all are one burst: a debouncer runs its last value, a
    // throttler the one that led, then its window's last candidate.
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for value in 0..<2_500 { pacer.send(thread * 2_500 + value) }
    }
    pacer.send(-1)  // the last value sent
    // A debouncer's last value is due one interval after it; a throttler's candidate at the end
    // of the window its leading action opened.
    await clock.advance(by: kind == .debouncer ? .seconds(1) : .seconds(2))
    #expect(ran.recorded.count == (kind == .throttler ? 2 : 1))
    #expect(ran.recorded.dropLast().allSatisfy { (0..<10_000).contains($0) })
    #expect(ran.recorded.last == -1)
    #expect(clock.internalTasks.startedCount == 1)  // the runner: the timer is the clock's
    await OperatorHarness.expectNothingLeft(on: clock)
  }
}
