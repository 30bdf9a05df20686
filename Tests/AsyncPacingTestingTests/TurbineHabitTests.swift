import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// Turbine's own tests of `skipItems` and `expectMostRecentItem` (cashapp/turbine,
/// `FlowTest.kt`), re-expressed with the recorder; where this package differs, the test says
/// how.
@Suite(.capturesIssues, .testClock) struct TurbineHabitTests {
  /// `expectItemsAreSkipped`.
  @Test func itemsAreSkipped() async {
    let clock = TestClock.current
    await clock.record(Self.stream(of: [1, 2, 3])) { numbers in
      await numbers.skip(2)
      #expect(await numbers.nextElement() == 3)
      await numbers.expectFinish()
    }
  }

  /// `skipItemsThrowsOnComplete`: Turbine says "Expected 3 items but got 2 items and Complete".
  @Test func skippingPastTheFinishIsOneIssueAtTheSkip() async {
    let clock = TestClock.current
    await expectIssues(["expected 3 elements to skip, but after 2 the next event was finish"]) {
      await clock.record(Self.stream(of: [1, 2])) { numbers in await numbers.skip(3) }
    }
  }

  /// `expectErrorOnErrorReceivedBeforeAllItemsWereSkipped`: the failure is taken, one issue.
  @Test func skippingPastAFailureIsOneIssueAtTheSkip() async {
    let clock = TestClock.current
    let failing = clock.marbles("a^", step: .seconds(1))
    await expectIssues(["expected 2 elements to skip, but after 1 the next event was failure"]) {
      await clock.record(failing) { letters in await letters.skip(2) }
    }
  }

  /// A negative count: an issue, nothing taken.
  @Test func aNegativeSkipIsAnIssueAndTakesNothing() async {
    let clock = TestClock.current
    await clock.record(Self.stream(of: [1])) { numbers in
      await expectIssues(["`count` must not be negative, got -1; nothing was skipped"]) {
        await numbers.skip(-1)
      }
      #expect(await numbers.nextElement() == 1)
      await numbers.expectFinish()
    }
  }

  /// `expectMostRecentItem`: the latest so far, twice; the finish stays to be asked for.
  @Test func theMostRecentElementSoFar() async {
    let clock = TestClock.current
    let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
    await clock.record(numbers) { numbers in
      feed.yield(1)
      feed.yield(2)
      #expect(await numbers.expectMostRecentElement() == 2)
      for number in 3...5 { feed.yield(number) }
      feed.finish()
      #expect(await numbers.expectMostRecentElement() == 5)
      await numbers.expectFinish()
    }
  }

  /// `expectMostRecentItemButNoItemWasFoundThrows`: Turbine says "No item was found".
  @Test func noElementIsAnIssue() async {
    let clock = TestClock.current
    await clock.record(Self.stream(of: [Int]())) { numbers in
      await expectIssues(["expected a most recent element, but none was received"]) {
        #expect(await numbers.expectMostRecentElement() == nil)
      }
      await numbers.expectFinish()  // nothing was taken
    }
  }

  /// `exceptionsPropagateWhenExpectMostRecentItem`: Turbine rethrows the failure; here the
  /// elements and the failure are taken, and the failure is one issue.
  @Test func aFailureAmongTheElementsIsAnIssue() async {
    let clock = TestClock.current
    let failing = clock.marbles("[abc^]", step: .seconds(1))
    await clock.record(failing) { letters in
      await expectIssues([
        "expected a most recent element, but the sequence failed after 3 element(s): failure"
      ]) {
        #expect(await letters.expectMostRecentElement() == nil)
      }
    }
  }

  /// `assertNullValuesWithExpectMostRecentItem`: an optional element that is `nil` is one.
  @Test func aNilElementIsTheMostRecent() async {
    let clock = TestClock.current
    await clock.record(Self.stream(of: [1, 2, nil])) { numbers in
      let latest = await numbers.expectMostRecentElement()
      #expect(latest == .some(nil))
      numbers.ignoreRemainingEvents()
    }
  }

  private static func stream<Element: Sendable>(of elements: [Element]) -> AsyncStream<Element> {
    AsyncStream { feed in
      for element in elements { feed.yield(element) }
      feed.finish()
    }
  }
}

/// `MarbleFailure` carries the value a diagram's error names: failures with different values
/// are different, and say so.
@Suite struct MarbleFailureValueTests {
  @Test func aValueIsPartOfTheFailure() {
    #expect(MarbleFailure(step: 2) == MarbleFailure(step: 2, value: nil))
    #expect(MarbleFailure(step: 2, value: "offline") != MarbleFailure(step: 2, value: "timeout"))
    #expect(MarbleFailure(step: 2, value: "offline") != MarbleFailure(step: 2))
    #expect("\(MarbleFailure(step: 2, value: "offline"))" == "MarbleFailure \"offline\" at step 2")
    #expect("\(MarbleFailure(step: 2))" == "MarbleFailure at step 2")
  }
}

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

/// Hot sources, as RxJS's `hot(…)` (its TestScheduler spec's hot cases, in the pacing
/// notation): one timeline from the instant made.
@Suite(.testClock) struct HotMarbleTests {
  @Test func aLateIterationJoinsTheTimelineWhereItIs() async {
    let clock = TestClock.current
    let letters = clock.hotMarbles("a-b-c|", step: .seconds(1))
    await clock.advance(by: .seconds(2))  // a is gone
    #expect(await clock.marbles(of: letters, step: .seconds(1)) == "b-c|")
  }

  @Test func anIterationAtTheStartGetsEverything() async {
    let clock = TestClock.current
    let letters = clock.hotMarbles("a-b|", step: .seconds(1))
    #expect(await clock.marbles(of: letters, step: .seconds(1)) == "a-b|")
  }

  @Test func anIterationAfterTheEndGetsTheEndAtOnce() async {
    let clock = TestClock.current
    let letters = clock.hotMarbles("a|", step: .seconds(1))
    await clock.advance(by: .seconds(5))
    #expect(await clock.marbles(of: letters, step: .seconds(1)) == "|")
  }

  @Test func anUnusedHotSourceIsNoLeftoverWork() async {
    let clock = TestClock.current
    _ = clock.hotMarbles("a-b|", step: .seconds(1))
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test func aSlowConsumerGetsEachEventWhenItAsksNoneDropped() async {
    let clock = TestClock.current
    let numbers = clock.hotMarbles("ab|", step: .seconds(1), values: ["a": 1, "b": 2])
    let drawn = await clock.marbles(of: numbers, step: .seconds(1), busySteps: 3)
    #expect(drawn == "1--2--|")
  }
}
