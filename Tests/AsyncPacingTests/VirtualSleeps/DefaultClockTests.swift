import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Synchronization
import Testing

@testable import AsyncPacing
@testable import AsyncPacingTestClock

/// Operators and pacers made without a `clock:` follow the enclosing test clock; an explicit
/// `ContinuousClock()` stays real.
@Suite(.capturesIssues) struct DefaultClockTests {
  @Test(.testClock) func aDebounceWithoutAClockFollowsTheTestClock() async {
    let clock = TestClock.current
    let (queries, typing) = AsyncStream.makeStream(of: String.self)
    let debounced = queries.debounce(for: .milliseconds(300))  // the clock is captured here
    async let searched = debounced.reduce(into: [String]()) { $0.append($1) }
    typing.yield("S")
    await clock.advance(by: .milliseconds(100))
    typing.yield("Swift")
    await clock.advance(by: .milliseconds(300))
    typing.finish()
    let queriesSearched = await searched
    #expect(queriesSearched == ["Swift"])
  }

  @Test func anExplicitContinuousClockStaysReal() async {
    let recorded = await recordedIssues {
      await withTestClock { clock in
        let (ticks, feed) = AsyncStream.makeStream(of: Int.self)
        let emitted = Mutex<[Int]>([])
        let consumer = Task(executorPreference: clock.taskExecutor) {
          for await tick in ticks.debounce(for: .seconds(3600), clock: ContinuousClock()) {
            emitted.withLock { $0.append(tick) }
          }
        }
        feed.yield(1)
        await clock.advance(by: .seconds(3600))
        #expect(emitted.withLock { $0 }.isEmpty)  // an hour of virtual time is no real hour
        consumer.cancel()
        feed.finish()
        await consumer.value
      }
    }.map(\.message)
    // Where the hooks show the operator's tasks escaping, a warning names the real clock.
    #if compiler(>=6.3) && canImport(Glibc)
      #expect(recorded.count == 1, "\(recorded)")
      #expect(
        recorded.first?.contains("explicit real clock (debounce(for:clock:) on ContinuousClock)")
          == true)
    #else
      #expect(recorded.isEmpty, "\(recorded)")
    #endif
  }

  @Test func theInnermostTestClockWins() async {
    // Plain form: the test nests two clocks.
    await withTestClock { outer in
      await withTestClock { inner in
        let saved = Mutex(0)
        let save = Debouncer(for: .seconds(1)) { saved.withLock { $0 += 1 } }
        save()
        await inner.advance(by: .seconds(1))
        #expect(saved.withLock { $0 } == 1)
        #expect(outer.now == TestClock.Instant())
      }
    }
  }

  @Test func outsideATestClockTheDefaultIsTheContinuousClock() {
    #expect(PacingDefaults.clock == nil)
  }
}
