import AsyncPacing
import AsyncPacingTesting
import Dispatch
import IssueCapture
import Synchronization
import Testing

@Suite(.capturesIssues) struct SequenceRecorderTests {
  @Test(.testClock) func typeCheckAdvanceCheck() async {
    let clock = TestClock.current
    let (queries, typing) = AsyncStream.makeStream(of: String.self)
    await clock.record(queries.debounce(for: .milliseconds(300), clock: clock)) { searches in
      typing.yield("s")
      await searches.expectNoEvents()
      await clock.advance(by: .milliseconds(100))
      typing.yield("sw")
      let first = await searches.next()
      #expect(first?.element == "sw")
      #expect(first?.instant == TestClock.Instant(offset: .milliseconds(400)))
      typing.yield("swift")
      typing.finish()
      #expect(await searches.nextElement() == "swift")
      await searches.expectFinish()
    }
  }

  @Test(.testClock) func anErrorIsAnEvent() async {
    let clock = TestClock.current
    let lines = clock.marbles("a-^", step: .seconds(1))
    await clock.record(lines) { lines in
      #expect(await lines.nextElement() == "a")
      let error = await lines.expectFailure()
      #expect(error as? MarbleFailure == MarbleFailure(step: 2))
    }
  }

  @Test(.testClock) func theWrongEventIsReportedWithWhatArrived() async {
    await Self.expectIssue(
      "expected the finish, but the next event was element \"b\" at +1s; "
        + "received so far: element \"a\" at +0s, element \"b\" at +1s", recording: "ab|"
    ) { letters in
      #expect(await letters.nextElement() == "a")
      await letters.expectFinish()
      letters.ignoreRemainingEvents()
    }
  }

  @Test(.testClock) func nothingThatCanArriveIsReported() async {
    await Self.expectIssue(
      "expected an event, but none came: all work has settled, nothing sleeps on the clock "
        + "(now +2s), and nothing else brought one within 0.05 seconds of wall-clock time; "
        + "received so far: element \"a\" at +0s, element \"b\" at +2s",
      recording: "a-b"
    ) { letters in
      #expect(await letters.nextElement() == "a")
      #expect(await letters.nextElement() == "b")
      _ = await letters.next(timeout: .milliseconds(50))
    }
  }

  /// Once nothing on the clock can bring an event, the recorder waits on the wall clock for
  /// work the clock does not time, as Turbine does.
  @Test(.testClock) func anEventFromOutsideTheClockIsWaitedFor() async {
    let clock = TestClock.current
    let (lines, feed) = AsyncStream.makeStream(of: String.self)
    await clock.record(lines) { lines in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
        feed.yield("late")
        feed.finish()
      }
      #expect(await lines.nextElement() == "late")
      await lines.expectFinish()
    }
  }

  /// When nothing comes, the await fails at its own line once its timeout has passed.
  @Test(.testClock) func anAwaitNothingAnswersFailsAtItsLineAfterItsTimeout() async {
    let clock = TestClock.current
    let (lines, feed) = AsyncStream.makeStream(of: String.self)
    let waited = Mutex(Duration.zero)
    let line = #line + 5
    let recorded = await recordedIssues {
      await clock.record(lines) { lines in
        let started = ContinuousClock.now
        // The wait below is the one under test.
        _ = await lines.next(timeout: .milliseconds(200))
        waited.withLock { $0 = ContinuousClock.now - started }
      }
    }
    feed.finish()
    #expect(recorded.count == 1)
    #expect(recorded.first?.sourceLocation?.line == line)
    #expect(recorded.first?.message.contains("within 0.2 seconds of wall-clock time") == true)
    #expect(waited.withLock { $0 } >= .milliseconds(200))
  }

  @Test(.testClock) func aRepeatingTimerThatNeverEmitsFailsInsteadOfHanging() async {
    let clock = TestClock.current
    await expectIssues([
      "expected an event, but nothing arrived in 20 advances of the clock (now +20s, the next "
        + "deadline +21s): a repeating timer that never emits?; nothing was received"
    ]) {
      await clock.record(Ticks(clock: clock), maxAdvances: 20) { ticks in
        _ = await ticks.next()
      }
    }
  }

  @Test(.testClock) func eventsNobodyAskedForFailTheScope() async {
    await Self.expectIssue(
      "the recording ended with events nobody asked for: element \"b\" at +1s, finish at +2s",
      recording: "ab|"
    ) { letters in
      #expect(await letters.nextElement() == "a")
      await TestClock.current.advance(by: .seconds(2))
    }
  }

  @Test(.testClock) func leavingTheScopeCancelsTheIteration() async {
    let clock = TestClock.current
    let letters = clock.marbles("a-b-c|", step: .seconds(1))
    await clock.record(letters) { letters in
      #expect(await letters.nextElement() == "a")
    }
    #expect(letters.iterations.map(\.ending) == [.cancelled])
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test(.testClock) func anUnexpectedEventIsReportedByExpectNoEvents() async {
    await Self.expectIssue("expected no event, but received element \"a\" at +0s", recording: "a") {
      letters in
      await letters.expectNoEvents()
      letters.ignoreRemainingEvents()
    }
  }

  /// Records `diagram`, a step a second, on the test's clock with `body`, and expects the one
  /// issue `message`.
  private static func expectIssue(
    _ message: String, recording diagram: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (SequenceRecorder<String>) async -> Void
  ) async {
    let clock = TestClock.current
    await expectIssues([message], sourceLocation: sourceLocation) {
      await clock.record(clock.marbles(diagram, step: .seconds(1)), body)
    }
  }
}
