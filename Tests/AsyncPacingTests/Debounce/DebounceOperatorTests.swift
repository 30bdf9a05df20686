import Testing

@testable import AsyncPacing

/// `.debounce` on a real upstream and a ``TestClock``: the contract at exact instants.
@Suite struct DebounceOperatorTests {
  @Test(arguments: SemanticsDiagrams.debounce)
  func theContractsDiagrams(_ diagram: DebounceDiagram) async {
    let actual = await OperatorHarness.run(Marble.parse(diagram.input)) { upstream, clock in
      upstream.debounce(
        for: .seconds(diagram.interval), edges: diagram.edges,
        maxWait: diagram.maxWait.map { .seconds($0) }, clock: clock)
    }
    let expected = Marble.parse(diagram.output)
    #expect(
      actual == expected,
      "\n   input: \(diagram.input)\n\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func aSlowConsumerGetsTheLatestAndTheFinishWaitsBehindIt() async {
    // Busy for 5 steps after each element: b is replaced by c, d by e, and f (due at the
    // finish) waits in the mailbox with the finish queued behind it, until after f's work.
    let actual = await OperatorHarness.run(Marble.parse("a-b-c-d-e-f|"), busySteps: 5) {
      upstream, clock in upstream.debounce(for: .seconds(1), clock: clock)
    }
    #expect(Marble.render(actual) == "-a----c----e----f----|")
  }

  @Test func anErrorWhileTheConsumerIsBusyIsThrownFromItsNextCall() async {
    let actual = await OperatorHarness.run(Marble.parse("a-b-^"), busySteps: 5) {
      upstream, clock in upstream.debounce(for: .seconds(1), clock: clock)
    }
    #expect(Marble.render(actual) == "-a----b----^")
  }

  @Test func sameInstantOutputsAreAllKeptForABusyConsumer() async {
    // b and c fall due while the consumer works on a; neither replaces the other.
    let actual = await OperatorHarness.run(Marble.parse("[abc]--|"), busySteps: 1) {
      upstream, clock in upstream.debounce(for: .zero, clock: clock)
    }
    #expect(Marble.render(actual) == "abc|")
  }

  @Test func aNonThrowingUpstreamGivesANonThrowingSequence() async {
    await withTestClock { clock in
      let (upstream, feed) = AsyncStream.makeStream(of: Int.self)
      let debounced = upstream.debounce(for: .seconds(1), clock: clock)
      async let collected: [Int] = {
        var values: [Int] = []
        for await value in debounced { values.append(value) }  // no `try`
        return values
      }()
      feed.yield(1)
      feed.yield(2)
      await clock.advance(by: .seconds(1))
      feed.yield(3)
      feed.finish()
      #expect(await collected == [2, 3])
      await OperatorHarness.expectNothingLeft(on: clock)
    }
  }

  @Test func theOutputsFailureIsTheUpstreams() {
    func failure<S: AsyncSequence>(of _: S.Type) -> S.Failure.Type { S.Failure.self }
    typealias NonThrowing = AsyncDebounceSequence<AsyncStream<Int>, TestClock>
    typealias Throwing = AsyncDebounceSequence<AsyncThrowingStream<Int, any Error>, TestClock>
    #expect(failure(of: NonThrowing.self) == Never.self)
    #expect(failure(of: Throwing.self) == (any Error).self)
  }
}
