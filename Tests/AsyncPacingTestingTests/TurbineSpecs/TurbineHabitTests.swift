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

  /// A negative timeout is one issue for the whole `skip`, not one per element it takes.
  @Test func aNegativeTimeoutIsOneIssueForTheSkip() async {
    let clock = TestClock.current
    await clock.record(Self.stream(of: [1, 2, 3])) { numbers in
      await expectIssues(["`timeout` must not be negative, got -1.0 seconds"]) {
        await numbers.skip(3, timeout: .seconds(-1))
      }
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
