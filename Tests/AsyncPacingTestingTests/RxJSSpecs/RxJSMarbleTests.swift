import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// RxJS's marble dialect in run mode (its `TestScheduler` spec's parsing cases), played on a
/// `TestClock` with `step: .milliseconds(1)`, one frame per millisecond, and drawn in this
/// package's notation.
@Suite(.capturesIssues, .testClock) struct RxJSMarbleTests {
  static let frame = Duration.milliseconds(1)

  /// Every character but whitespace and `-|#^()!` is one value, digits included.
  @Test func valuesAndFramesAsInRxJS() async {
    let clock = TestClock.current
    let source = clock.marbles("-a-1-|", step: Self.frame, notation: .rxjs)
    #expect(await clock.marbles(of: source, step: Self.frame) == "-a-1-|")
  }

  /// `(ab)` puts its events at the frame of `(` and takes four frames.
  @Test func aGroupTakesAsManyFramesAsCharacters() async {
    let clock = TestClock.current
    let source = clock.marbles("(ab)c|", step: Self.frame, notation: .rxjs)
    #expect(await clock.marbles(of: source, step: Self.frame) == "[ab]---c|")
  }

  /// Whitespace takes no frame; a time progression takes its duration.
  @Test func timeProgressionsAndWhitespace() async {
    let clock = TestClock.current
    let source = clock.marbles("a 9ms b 10ms |", step: Self.frame, notation: .rxjs)
    let drawn = await clock.marbles(of: source, step: Self.frame)
    let quiet = { (frames: Int) in String(repeating: "-", count: frames) }
    #expect(drawn == "a" + quiet(9) + "b" + quiet(10) + "|")
  }

  /// A decimal progression is reckoned exactly: `1.1s` and `2.3s`, which a `Double` product
  /// misses by attoseconds, are 1,100 and 2,300 frames.
  @Test func decimalProgressionsAreExact() async {
    let clock = TestClock.current
    let source = clock.marbles("1.1s a 2.3s b 4.1m |", step: Self.frame, notation: .rxjs)
    await clock.record(source, maxAdvances: 10) { letters in
      #expect(await letters.next()?.instant == .init(offset: .milliseconds(1_100)))
      #expect(await letters.next()?.instant == .init(offset: .milliseconds(3_401)))
      await letters.expectFinish()
      #expect(clock.now == .init(offset: .milliseconds(249_402)))
    }
  }

  /// As in RxJS, a progression is followed by a space: at the very end it is values.
  @Test func aProgressionAtTheEndIsValues() async {
    let clock = TestClock.current
    let source = clock.marbles("a 9ms", step: Self.frame, notation: .rxjs)
    #expect(await clock.marbles(of: source, step: Self.frame, maxSteps: 10) == "a9ms")
  }

  /// An end written before a hot diagram's `^` has happened: an iteration gets it at once.
  @Test func anEndBeforeTheCaretHasHappened() async {
    let clock = TestClock.current
    let source = clock.hotMarbles("-a|-^--", step: Self.frame, notation: .rxjs)
    #expect(await clock.marbles(of: source, step: Self.frame) == "|")
  }

  /// `#` throws the failure, carrying `error:`.
  @Test func theErrorCarriesItsValue() async {
    let clock = TestClock.current
    let source = clock.marbles("a#", step: Self.frame, notation: .rxjs, error: "offline")
    await clock.record(source) { letters in
      #expect(await letters.nextElement() == "a")
      let failure = await letters.expectFailure()
      #expect(failure as? MarbleFailure == MarbleFailure(step: 1, value: "offline"))
    }
  }

  /// `^` marks frame 0 of a hot diagram; what it shows before is past.
  @Test func aHotDiagramStartsAtItsCaret() async {
    let clock = TestClock.current
    let source = clock.hotMarbles("-a-^-b-|", step: Self.frame, notation: .rxjs)
    #expect(await clock.marbles(of: source, step: Self.frame) == "--b-|")  // ^ is frame 0
  }

  /// Mistakes are issues at the call: `^` in a cold diagram, `!`, a group left open, a time
  /// progression that is not a whole number of steps.
  @Test func mistakesAreIssuesAtTheCall() async {
    let clock = TestClock.current
    await expectIssues([
      "`^` marks frame 0 of a hot diagram only",
      "`!` belongs to subscription diagrams",
      "the group opened here is not closed",
      "the time progression `1.5ms` is not a whole number of steps",
    ]) {
      _ = clock.marbles("a^", step: Self.frame, notation: .rxjs)
      _ = clock.marbles("a!", step: Self.frame, notation: .rxjs)
      _ = clock.marbles("(ab", step: Self.frame, notation: .rxjs)
      _ = clock.marbles("a 1.5ms b", step: Self.frame, notation: .rxjs)
    }
  }
}

/// `toBe(marbles, values, error)`: `expectMarbles(…, error:)` checks the value the drawn
/// failure carries.
@Suite(.capturesIssues, .testClock) struct RxJSErrorValueTests {
  static let frame = Duration.milliseconds(1)

  struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  @Test func theFailureMustCarryTheExpectedValue() async {
    let clock = TestClock.current
    let source = clock.marbles("a#", step: Self.frame, notation: .rxjs, error: "offline")
    await clock.expectMarbles(
      "a#", of: source, step: Self.frame, notation: .rxjs, error: "offline")
    await clock.expectMarbles("a#", of: source, step: Self.frame, notation: .rxjs)
    await expectIssues([
      #"failed at step 1 as expected, but with "offline", not the expected error "timeout""#,
      #"failed at step 1 as expected, but with no value, not the expected error "offline""#,
    ]) {
      await clock.expectMarbles(
        "a#", of: source, step: Self.frame, notation: .rxjs, error: "timeout")
      let bare = clock.marbles("a^", step: Self.frame)
      await clock.expectMarbles("a^", of: bare, step: Self.frame, error: "offline")
    }
  }

  /// An error of the code under test compares as it prints.
  @Test func anyOtherErrorComparesAsItPrints() async {
    let clock = TestClock.current
    let letters = clock.marbles("ab|", step: Self.frame, notation: .rxjs)
    let failing = letters.map { (letter: String) throws -> String in
      guard letter == "a" else { throw Offline() }
      return letter
    }
    await clock.expectMarbles(
      "a#", of: failing, step: Self.frame, notation: .rxjs, error: "offline")
  }
}

/// Drawing in RxJS's dialect.
@Suite(.capturesIssues, .testClock) struct RxJSDrawingTests {
  @Test func aDrawingRoundTrips() async {
    let clock = TestClock.current
    let source = clock.marbles("-a-(bc)--d#", step: .milliseconds(1), notation: .rxjs)
    let drawn = await clock.marbles(of: source, step: .milliseconds(1), notation: .rxjs)
    #expect(drawn == "-a-(bc)--d#")
  }

  @Test func whatTheDialectCannotShowIsAnIssueAndThePacingDrawing() async {
    let clock = TestClock.current
    let numbers = clock.marbles("ab|", step: .seconds(1), values: ["a": 10, "b": 2])
    let issues = await recordedIssues {
      let drawn = await clock.marbles(of: numbers, step: .seconds(1), notation: .rxjs)
      #expect(drawn == "'10'2|")
    }.map(\.message)
    #expect(issues.count == 1)
    #expect(issues.first?.contains("the element '10' is not one character") == true)
  }

  @Test func anEventSoonerAfterAGroupThanItIsWide() async {
    let clock = TestClock.current
    let letters = clock.marbles("[ab]c|", step: .seconds(1))
    let issues = await recordedIssues {
      #expect(await clock.marbles(of: letters, step: .seconds(1), notation: .rxjs) == "[ab]c|")
    }.map(\.message)
    #expect(issues.first?.contains("the event at step 1 comes sooner after a group") == true)
  }
}

/// A hot source in RxJS's dialect with `toBe(marbles, values)`.
@Suite(.capturesIssues, .testClock) struct RxJSOperatorSpecTests {
  static let frame = Duration.milliseconds(1)

  /// A hot source joined late, and `toBe` with values.
  @Test func aHotSourceWithValues() async {
    let clock = TestClock.current
    let source = clock.hotMarbles(
      "--a--^--b--c--|", step: Self.frame, notation: .rxjs, values: ["a": 1, "b": 2, "c": 3])
    await clock.expectMarbles(
      "---x--y--|", of: source.map { $0 * 10 }, step: Self.frame, notation: .rxjs,
      values: ["x": 20, "y": 30])
  }
}
