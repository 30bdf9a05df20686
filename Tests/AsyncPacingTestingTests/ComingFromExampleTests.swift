import AsyncPacing
import AsyncPacingTesting
import Testing

/// The examples of "Coming from RxJS" and "Coming from Turbine", as written there: if one stops
/// compiling or passing, the article is wrong.
@Suite(.testClock) struct ComingFromExampleTests {
  @Test func debouncesByTwoFrames() async {
    let clock = TestClock.current
    let source = clock.hotMarbles(
      "-a--bc--d---|", step: .milliseconds(1), notation: .rxjs)
    let debounced = source.debounce(for: .milliseconds(2), clock: clock)
    await clock.expectMarbles(
      "---a---c--d-|", of: debounced, step: .milliseconds(1), notation: .rxjs)
    await clock.expectSubscriptions(["^-----------!"], of: source)
  }

  @Test func coldWithValuesAndAnError() async {
    let clock = TestClock.current
    let lookups = clock.marbles(
      "a 9ms b#", step: .milliseconds(1), notation: .rxjs,
      values: ["a": 1, "b": 2], error: "offline")
    await clock.expectMarbles(
      "a 9ms b#", of: lookups, step: .milliseconds(1), notation: .rxjs,
      values: ["a": 1, "b": 2], error: "offline")
  }

  @Test func unsubscribingEarlySubscribingLate() async {
    let clock = TestClock.current
    let frame = Duration.milliseconds(1)
    let typing = clock.hotMarbles(
      "--a--bc--d----|", step: frame, notation: .rxjs)
    await clock.expectMarbles(
      "----a", of: typing.debounce(for: .milliseconds(2), clock: clock),
      step: frame, notation: .rxjs, cancelledAt: 7)

    let letters = clock.hotMarbles("-a-b-c|", step: frame, notation: .rxjs)
    await clock.advance(by: .milliseconds(3))  // RxJS's '---^'
    await clock.expectMarbles("b-c|", of: letters, step: frame, notation: .rxjs)
  }

  @Test func subscriptionsOfTake() async {
    let clock = TestClock.current
    let source = clock.marbles(
      "--a-----b----c---d--|", step: .milliseconds(1), notation: .rxjs)
    await clock.expectMarbles(
      "--a-----(b|)", of: source.prefix(2), step: .milliseconds(1), notation: .rxjs)
    await clock.expectSubscriptions(["^-------!"], of: source)
    #expect(source.subscriptions == ["^-------!"])
  }

  @Test func drawingInRxJSDialect() async {
    let clock = TestClock.current
    let frame = Duration.milliseconds(1)
    let source = clock.marbles("-a-(bc)--d#", step: frame, notation: .rxjs)
    let drawn = await clock.marbles(of: source, step: frame, notation: .rxjs)
    #expect(drawn == "-a-(bc)--d#")
  }

  @Test func aMapThatSleepsIsConcatMapWithDelay() async {
    let clock = TestClock.current
    let frame = Duration.milliseconds(1)
    let input = clock.marbles("-a-b-c|", step: frame, notation: .rxjs)
    let delayed = input.map { letter in
      try? await clock.sleep(for: .milliseconds(10))
      return letter
    }
    await clock.expectMarbles(
      "-- 9ms a 9ms b 9ms (c|)", of: delayed, step: frame, notation: .rxjs)
    await clock.expectSubscriptions(["^ 30ms !"], of: input)
  }

  @Test func searchesOnceTypingPauses() async {
    let clock = TestClock.current
    let (queries, typing) = AsyncStream.makeStream(of: String.self)
    let debounced = queries.debounce(for: .milliseconds(300), clock: clock)
    await clock.record(debounced) { searches in
      typing.yield("sw")
      typing.yield("swift")
      // moves the clock to +0.3s
      #expect(await searches.nextElement() == "swift")
      typing.finish()
      await searches.expectFinish()
    }
  }

  @Test func theAwaits() async {
    let clock = TestClock.current
    let lines = clock.marbles("a-b-c-d-^", step: .seconds(1), error: "broken!")
    await clock.record(lines) { lines in
      let first = await lines.next()
      #expect(first?.element == "a")
      #expect(first?.instant == TestClock.Instant(offset: .zero))
      await lines.skip(2)
      #expect(await lines.nextElement() == "d")
      let error = await lines.expectFailure()
      #expect((error as? MarbleFailure)?.value == "broken!")
    }
  }

  @Test func theMostRecentItem() async {
    let clock = TestClock.current
    let digits = clock.marbles("-123456789", step: .milliseconds(100))
    await clock.record(digits) { ticks in
      await ticks.skip(2)
      #expect(await ticks.nextElement() == "3")
      await clock.advance(by: .milliseconds(250))
      #expect(await ticks.expectMostRecentElement() == "5")
      ticks.ignoreRemainingEvents()
    }
  }

  @Test func severalFlows() async {
    let clock = TestClock.current
    let queries = clock.marbles("a-b-c|", step: .milliseconds(100))
    await clock.recording { scope in
      let searches = scope.record(queries.debounce(for: .milliseconds(300), clock: clock))
      let hints = scope.record(queries.map { $0.uppercased() })
      #expect(await hints.nextElement() == "A")
      #expect(await searches.nextElement() == "c")
      hints.ignoreRemainingEvents()
      await searches.expectFinish()
    }
  }
}
