import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Synchronization
import Testing

/// Every way the marble API can be misused or disappointed reports an issue that says why.
@Suite(.capturesIssues) struct MarbleIssueTests {
  @Test(
    .testClock,
    arguments: [
      (
        "a-(",
        "unexpected `(`; expected `-`, a letter or digit, a quoted value, `[`, `|` or `^` at offset 2"
      ),
      ("a-[bc", "the group opened here is not closed; expected `]` at offset 2"),
      ("'ab", "the quote opened here is not closed; expected `'` at offset 0"),
      ("a]", "unexpected `]`"),
      ("[]", "an empty group; write `-` for a quiet step at offset 0"),
      ("a|b", "an event after the end (`|` or `^`); nothing can follow it at offset 2"),
      ("[[a]]", "a group inside a group at offset 1"),
    ])
  func aMalformedDiagramNamesThePositionAndWhatWasExpected(_ diagram: String, message: String)
    async
  {
    let clock = TestClock.current
    await expectIssues([message]) {
      let played = clock.marbles(diagram, step: .seconds(1))
      #expect(await clock.marbles(of: played, step: .seconds(1)) == "|")
    }
  }

  @Test(.testClock) func aSymbolMissingFromValuesIsNamed() async {
    let clock = TestClock.current
    await expectIssues(["`c` has no value in `values:` (it has `a`, `b`) at offset 4"]) {
      _ = clock.marbles("a-b-c|", step: .seconds(1), values: ["a": 1, "b": 2])
    }
  }

  @Test(.testClock) func anEventBetweenStepsIsNeverRoundedSilently() async {
    let clock = TestClock.current
    await expectIssues([
      "| came at +1.5s, which is not a whole number of steps of 1.0 seconds from the start at +0s"
    ]) {
      let late = clock.marbles("a|", step: .milliseconds(1500))
      _ = await clock.marbles(of: late, step: .seconds(1))
    }
  }

  @Test func aClockOutsideWithTestClockIsRefused() async {
    await expectIssues(["this clock has no test executor"]) {
      let clock = TestClock()
      #expect(
        await clock.marbles(of: clock.marbles("a|", step: .seconds(1)), step: .seconds(1)) == "")
    }
  }

  @Test(.testClock) func aStepThatIsNotPositiveIsRefused() async {
    let clock = TestClock.current
    await expectIssues(["`step` must be positive, got 0.0 seconds", "`step` must be positive"]) {
      let played = clock.marbles("a|", step: .zero)
      _ = await clock.marbles(of: played, step: .zero)
    }
  }

  @Test(.testClock) func aMismatchShowsBothDiagramsAlignedAndTheFirstDifferentStep() async {
    let clock = TestClock.current
    await expectIssues([
      """
      the diagrams differ from step 6 on
      expected: ------c----[d|]
        actual: -------c---[d|]
                      ^
      """
    ]) {
      let queries = clock.marbles("a-b-c-----d|", step: .milliseconds(100))
      await clock.expectMarbles(
        "------c----[d|]", of: queries.debounce(for: .milliseconds(300), clock: clock),
        step: .milliseconds(100))
    }
  }

  @Test(.testClock) func aMatchRecordsNothing() async {
    let clock = TestClock.current
    let queries = clock.marbles("a-b-c-----d|", step: .milliseconds(100))
    await clock.expectMarbles(
      "-------c---[d|]--", of: queries.debounce(for: .milliseconds(300), clock: clock),
      step: .milliseconds(100))
  }
}
