import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// The adversarial probe's inputs to the testing library (issue 36): a step whose products do
/// not fit, a very long diagram, limits of zero or less, and a recorder used after its scope.
/// Each is bounded, and each message says what happened.
@Suite(.capturesIssues) struct BoundedInputTests {
  @Test(.testClock) func aStepWhoseProductsDoNotFitSaturatesInsteadOfTrapping() async {
    let clock = TestClock.current
    let played = clock.marbles("a--b|", step: Duration(attoseconds: .max / 2))
    let asking = Task(executorPreference: clock.taskExecutor) {
      var letters = played.makeAsyncIterator()
      return [try? await letters.next(), try? await letters.next()]
    }
    await clock.settle()
    // `b`, three steps of half the longest duration on, is due at the last instant there is.
    #expect(clock.pendingSleeperCount == 1)
    #expect(clock.nextDeadline == TestClock.Instant(offset: Duration(attoseconds: .max)))
    asking.cancel()
    #expect(await asking.value == ["a", nil])
  }

  @Test(
    .testClock,
    arguments: [
      ("[|a]", "at offset 0"), ("a|[b]", "at offset 2"), ("[a^]b", "at offset 4"),
      ("a|-", nil), ("[a|]-", nil), ("a - |", nil),
    ])
  func nothingFollowsTheEndInGroupsToo(_ diagram: String, offset: String?) async {
    let clock = TestClock.current
    let issues = recordedIssues { _ = clock.marbles(diagram, step: .seconds(1)) }
    if let offset {
      #expect(issues.count == 1)
      let message = issues.first?.message ?? ""
      #expect(message.contains("an event after the end (`|` or `^`)"), "\(message)")
      #expect(message.contains(offset), "\(message)")
    } else {
      #expect(issues.isEmpty, "\(issues.map(\.message))")
    }
  }

  @Test(.testClock) func anIssueAboutALongDiagramQuotesAWindowAroundTheOffset() async {
    let clock = TestClock.current
    let diagram = String(repeating: "a-", count: 50_000) + "("
    let issues = recordedIssues {
      _ = clock.marbles(diagram, step: .seconds(1))
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("unexpected `(`"))
    #expect(message.contains("at offset 100000"))
    #expect(message.contains("(100001 characters, from offset 99941)"))
    #expect(message.count < 400, "the issue is \(message.count) characters long")
  }

  @Test(.testClock) func anEventAfterTheEndOfALongDiagramIsStillFound() async {
    let clock = TestClock.current
    let diagram = String(repeating: "a", count: 20_000) + "|" + "-b"
    await expectIssues([
      "an event after the end (`|` or `^`); nothing can follow it at offset 20002"
    ]) {
      _ = clock.marbles(diagram, step: .seconds(1))
    }
  }

  @Test(.testClock) func aRecorderLimitOfZeroOrLessIsRefusedByName() async {
    let clock = TestClock.current
    let letters = clock.marbles("a|", step: .seconds(1))
    await expectIssues([
      "record(_:maxAdvances:): `maxAdvances` must be greater than zero, got -1; recording with "
        + "the default, 1000"
    ]) {
      await clock.record(letters, maxAdvances: -1) { letters in
        #expect(await letters.nextElement() == "a")
        await letters.expectFinish()
      }
    }
  }

  @Test(.testClock) func aRecorderUsedAfterItsScopeSaysSo() async {
    let clock = TestClock.current
    let letters = clock.marbles("a----b|", step: .seconds(1))
    let escaped = await clock.record(letters) { recorder in
      #expect(await recorder.nextElement() == "a")
      return recorder
    }
    let issues = await recordedIssues {
      _ = await escaped.next()
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("the recording is over"), "\(message)")
    #expect(!message.contains("its end was asked for already"), "\(message)")
  }

  @Test(.testClock) func aSequenceFinerThanTheStepGivesOneIssue() async {
    let clock = TestClock.current
    let fine = clock.marbles(String(repeating: "a", count: 1_000), step: .milliseconds(1))
    let issues = await recordedIssues {
      _ = await clock.marbles(of: fine, step: .seconds(1), maxSteps: 10)
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.contains("the clock advanced 640 times before step 10"), "\(message)")
    #expect(message.contains("more came between steps"), "\(message)")
  }
}
