import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// Turbine's `turbineScope { flow.testIn(backgroundScope) }` (cashapp/turbine,
/// `FlowTurbineScopeTest.kt`): several sequences in one test, each checked when the scope ends.
@Suite(.capturesIssues, .testClock) struct RecordingScopeTests {
  @Test func twoSequencesInOneTestInterleave() async {
    let clock = TestClock.current
    await clock.recording { scope in
      let first = scope.record(clock.marbles("a-b|", step: .seconds(1)))
      let second = scope.record(clock.marbles("-c|", step: .seconds(1)))
      #expect(await first.nextElement() == "a")
      #expect(await second.nextElement() == "c")
      #expect(await first.nextElement() == "b")
      await first.expectFinish()
      await second.expectFinish()
    }
    #expect(clock.now == TestClock.Instant(offset: .seconds(3)))  // the first's finish
  }

  /// Unconsumed events: one issue per recorder, at its `record` line; one that ignores the
  /// rest gives none.
  @Test func eachRecorderLeftWithEventsIsOneIssueAtItsLine() async {
    let clock = TestClock.current
    let line = #line + 5
    let issues = await recordedIssues {
      await clock.recording { scope in
        let quiet = scope.record(clock.marbles("a|", step: .seconds(1)))
        quiet.ignoreRemainingEvents()
        _ = scope.record(clock.marbles("b|", step: .seconds(1)))
        await clock.settle()
      }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.sourceLocation?.line == line)
    #expect(issues.first?.message.contains("events nobody asked for: element \"b\"") == true)
  }

  /// A recorder made after the body ended is an issue, and has ended.
  @Test func recordingAfterTheBodyIsAnIssue() async {
    let clock = TestClock.current
    let kept = await clock.recording { scope in scope }
    let issues = await recordedIssues {
      let late = kept.record(clock.marbles("a|", step: .seconds(1)))
      _ = await late.next(timeout: .zero)
    }.map(\.message)
    #expect(issues.count == 2, "\(issues)")
    #expect(issues.first?.contains("after the body of `recording` ended") == true)
  }

  /// A sequence that never ends is cancelled when the body returns: the call returns.
  @Test func anEndlessSequenceIsCancelledAtTheEnd() async {
    let clock = TestClock.current
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    await clock.recording { scope in
      let recorder = scope.record(numbers)
      feed.yield(1)
      #expect(await recorder.nextElement() == 1)
    }
    feed.finish()
  }
}
