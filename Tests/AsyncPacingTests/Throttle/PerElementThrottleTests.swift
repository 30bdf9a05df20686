import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// What the per-element throttle promises beyond its diagrams: when the closure is called,
/// the results it cannot represent, and the forms a user reaches for.
@Suite struct PerElementThrottleTests {
  /// Marbles of `upstream` throttled with `interval`, and each call of it as "value@instant".
  private static func run(
    _ upstream: String, latest: Bool = true, edges: PacingEdges = [.leading, .trailing],
    _ interval: @escaping @Sendable (String) -> Duration
  ) async -> (drawn: String, calls: [String]) {
    let calls = Mutex<[String]>([])
    let drawn = await withTestClock { clock in
      await clock.marbles(
        of: clock.marbles(upstream, step: .seconds(1)).throttle(
          for: { value in
            calls.withLock { $0.append("\(value)@\(clock.now)") }
            return interval(value)
          }, clock: clock, latest: latest, edges: edges), step: .seconds(1))
    }
    return (drawn, calls.withLock { $0 })
  }

  @Test func theClosureIsCalledOnlyForElementsThatOpenAWindow() async {
    let (drawn, calls) = await Self.run("[abc]---|") { _ in .seconds(2) }
    #expect(drawn == "a-c-|")
    #expect(calls == ["a@+0s", "c@+2s"])  // b never opens a window
  }

  @Test func aTrailingOnlyBurstsFirstElementIsAskedOnceForBothItsWindows() async {
    let (drawn, calls) = await Self.run("a---|", edges: .trailing) { _ in .seconds(2) }
    #expect(drawn == "--a-|")
    #expect(calls == ["a@+0s"])
  }

  @Test func theWindowTheFirstElementOpensKeepsItsLengthWhenItIsReplaced() async {
    let (drawn, calls) = await Self.run("ab---|", edges: .trailing) {
      $0 == "a" ? .seconds(3) : .seconds(1)
    }
    #expect(drawn == "---b-|")
    #expect(calls == ["a@+0s", "b@+3s"])
  }

  @Test func aCandidateThatComesOutAsTheSequenceEndsIsNotAsked() async {
    let finished = await Self.run("[ab]|") { _ in .seconds(2) }
    #expect(finished.drawn == "a-[b|]")
    #expect(finished.calls == ["a@+0s"])
    let failed = await Self.run("[ab]-^") { _ in .seconds(2) }
    #expect(failed.drawn == "a-[b^]")
    #expect(failed.calls == ["a@+0s"])
  }

  @Test func keepingTheFirstWithTheTrailingEdgeAsksOncePerWindow() async {
    let (drawn, calls) = await Self.run("abc--d--|", latest: false, edges: .trailing) {
      $0 == "a" ? .seconds(3) : .seconds(1)
    }
    #expect(drawn == "---a--d-|")  // a's own window, then the one its emission opens
    #expect(calls == ["a@+0s", "d@+6s"])
  }

  @Test func aNegativeIntervalCountsAsZero() async {
    let (drawn, _) = await Self.run("[ab]-c|") { _ in .seconds(-5) }
    #expect(drawn == "[ab]-c|")  // each window ends at once: b, at a's instant, leads too
  }

  @Test func anIntervalTooLongToRepresentNeverEnds() async {
    // From step 1 on, the longest `Duration` reaches past the last instant there is.
    let (drawn, _) = await Self.run("-a-b--|") { _ in Duration(attoseconds: .max) }
    #expect(drawn == "-a----[b|]")  // the candidate waits for the finish
  }

  @Test func aTrailingClosureIsThePerElementForm() async {
    let (lines, writer) = AsyncStream.makeStream(of: String.self)
    let shown: some AsyncSequence<String, Never> = lines.throttle { _ in .seconds(1) }
    writer.yield("first")
    writer.finish()
    var received: [String] = []
    for await line in shown { received.append(line) }
    #expect(received == ["first"])
  }

  @Test func aClockStoredAsAnExistentialKeepsTheTestExecutor() async {
    await withTestClock { clock in
      let erased: any Clock<Duration> = clock
      let lines = clock.marbles("ab-c--|", step: .seconds(1))
      let drawn = await clock.marbles(
        of: lines.throttle(for: { $0 == "a" ? .seconds(3) : .seconds(1) }, clock: erased),
        step: .seconds(1))
      #expect(drawn == "a--bc-|")  // a's window ends at 3, b's at 4
      #expect(clock.diagnostics.isEmpty)
    }
  }

  @Test func aThrottlerHoldsBackLongerAfterAValueWithALongerInterval() async {
    await withTestClock { clock in
      let shown = Mutex<[String]>([])
      let show = Throttler(
        for: { (line: String) in line.hasPrefix("error") ? .seconds(5) : .seconds(1) },
        clock: clock
      ) { line in shown.withLock { $0.append("\(line)@\(clock.now)") } }
      show("error: disk full")
      await clock.settle()
      show("routine")
      await clock.advance(by: .seconds(10))
      show("routine again")
      await clock.settle()
      show("last")
      await clock.advance(by: .seconds(10))
      #expect(
        shown.withLock { $0 } == [
          "error: disk full@+0s", "routine@+5s", "routine again@+10s", "last@+11s",
        ])
    }
  }

  @Test func aThrottlerAsksOnlyForTheValuesWhoseStartOpensAWindow() async {
    await withTestClock { clock in
      let calls = Mutex<[String]>([])
      let ran = Mutex<[String]>([])
      let throttler = Throttler(
        for: { (value: String) in
          calls.withLock { $0.append("\(value)@\(clock.now)") }
          return .seconds(2)
        }, clock: clock
      ) { value in ran.withLock { $0.append("\(value)@\(clock.now)") } }
      for value in ["a", "b", "c"] { throttler(value) }
      await clock.advance(by: .seconds(1))
      throttler("d")
      throttler.flush()
      await clock.advance(by: .seconds(10))
      #expect(ran.withLock { $0 } == ["a@+0s", "d@+1s"])
      #expect(calls.withLock { $0 } == ["a@+0s", "d@+1s"])
    }
  }

  @Test func aTrailingOnlyThrottlerAsksOnceForTheValueThatOpensAndRuns() async {
    await withTestClock { clock in
      let calls = Mutex<[String]>([])
      let ran = Mutex<[String]>([])
      let throttler = Throttler(
        for: { (value: String) in
          calls.withLock { $0.append(value) }
          return .seconds(2)
        }, clock: clock, edges: .trailing
      ) { value in ran.withLock { $0.append("\(value)@\(clock.now)") } }
      throttler("a")
      await clock.advance(by: .seconds(10))
      throttler("b")  // flushed: it runs at once, and its start opens its window
      throttler.flush()
      await clock.advance(by: .seconds(10))
      #expect(ran.withLock { $0 } == ["a@+2s", "b@+10s"])
      #expect(calls.withLock { $0 } == ["a", "b"])
    }
  }

  /// Two values flushed at one instant wait to start together; the first then starts with the
  /// second behind it, so the throttler cannot tell that it is the burst's first, and asks for
  /// its interval again (the one case where it asks twice). Every window still has the length
  /// of the value that opened it.
  @Test func valuesWaitingBehindAStartKeepTheirOwnWindows() async {
    await withTestClock { clock in
      let calls = Mutex<[String]>([])
      let ran = Mutex<[String]>([])
      let throttler = Throttler(
        for: { (value: String) in
          calls.withLock { $0.append(value) }
          return value == "c" ? .seconds(5) : .seconds(1)
        }, clock: clock, edges: .trailing
      ) { value in
        ran.withLock { $0.append("\(value)@\(clock.now)") }
        try? await clock.sleep(for: .seconds(3))
      }
      throttler("a")
      throttler.flush()
      throttler("b")
      throttler.flush()
      await clock.advance(by: .seconds(2))
      throttler("c")  // opens its own window, [2, 7)
      await clock.advance(by: .seconds(20))
      #expect(ran.withLock { $0 } == ["a@+0s", "b@+3s", "c@+7s"])  // c's own window ends at 7
      #expect(calls.withLock { $0 } == ["a", "a", "c", "b"])
    }
  }

  /// An earlier value's late start opens a window too, but the window a burst's first value
  /// opened meanwhile keeps its own end.
  @Test func aLateStartKeepsTheWindowABurstsFirstValueOpened() async {
    await withTestClock { clock in
      let ran = Mutex<[String]>([])
      let lengths = ["a": 3, "b": 1, "d": 10]
      let throttler = Throttler(
        for: { (value: String) in .seconds(lengths[value] ?? 1) }, clock: clock, edges: .trailing
      ) { value in
        ran.withLock { $0.append("\(value)@\(clock.now)") }
        if value == "a" { try? await clock.sleep(for: .seconds(9)) }
      }
      throttler("a")
      await clock.advance(by: .seconds(1))
      throttler.flush()
      throttler("b")
      throttler.flush()  // b waits behind a, whose action runs until 10
      await clock.advance(by: .seconds(4))
      throttler("d")  // idle: d opens [5, 15)
      await clock.advance(by: .seconds(20))
      #expect(ran.withLock { $0 } == ["a@+1s", "b@+10s", "d@+15s"])
    }
  }
}
