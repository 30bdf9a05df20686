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
    // Plain form: a fresh clock for each run, and one test makes two runs.
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

  @Test(.testClock) func aClockStoredAsAnExistentialKeepsTheTestExecutor() async {
    let clock = TestClock.current
    let erased: any Clock<Duration> = clock
    let lines = clock.marbles("ab-c--|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: lines.throttle(for: { $0 == "a" ? .seconds(3) : .seconds(1) }, clock: erased),
      step: .seconds(1))
    #expect(drawn == "a--bc-|")  // a's window ends at 3, b's at 4
    #expect(clock.diagnostics.isEmpty)
  }
}
