import Testing

@testable import AsyncPacing

extension ThrottleModel.Fold {
  /// The operator this fold stands for, on `upstream`.
  func throttle(
    _ upstream: OperatorHarness.Upstream, interval: Duration, edges: PacingEdges, clock: TestClock
  ) -> AsyncThrottleSequence<OperatorHarness.Upstream, TestClock, String> {
    switch self {
    case .latest: upstream.throttle(for: interval, clock: clock, edges: edges)
    case .first: upstream.throttle(for: interval, clock: clock, latest: false, edges: edges)
    case .concatenate:
      upstream.throttle(for: interval, clock: clock, edges: edges) { ($0 ?? "") + $1 }
    }
  }
}

/// `.throttle` on a real upstream and a ``TestClock``: the contract at exact instants.
@Suite struct ThrottleOperatorTests {
  @Test(arguments: SemanticsDiagrams.throttle)
  func theContractsDiagrams(_ diagram: ThrottleDiagram) async {
    let actual = await OperatorHarness.run(Marble.parse(diagram.input)) { upstream, clock in
      diagram.fold.throttle(
        upstream, interval: .seconds(diagram.interval), edges: diagram.edges, clock: clock)
    }
    let expected = Marble.parse(diagram.output)
    #expect(
      actual == expected,
      "\n   input: \(diagram.input)\n\(Marble.comparison(expected: expected, actual: actual))")
  }

  @Test func aSlowReducerHoldsTheWindowUntilItReturns() async {
    // The reducer takes 2 steps. a is emitted when its fold returns (2), opening [2, 5); b
    // is read at 2 and folded by 4; c's fold runs past the window's end and 'bc' comes out
    // when it returns (6), opening [6, 9).
    let actual = await OperatorHarness.run(Marble.parse("abc-------|")) { upstream, clock in
      upstream.throttle(for: .seconds(3), clock: clock) { (folded: String?, element) in
        try? await clock.sleep(for: .seconds(2))
        return (folded ?? "") + element
      }
    }
    #expect(Marble.render(actual) == "--a---'bc'---|")
  }

  @Test func aSumReducer() async {
    await withTestClock { clock in
      let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
      let sums = numbers.throttle(for: .seconds(2), clock: clock) { ($0 ?? 0) + $1 }
      async let received = sums.reduce(into: [Int]()) { $0.append($1) }
      for number in 1...5 {
        feed.yield(number)
        await clock.advance(by: .seconds(1))
      }
      feed.finish()
      await clock.advance(by: .seconds(1))  // the last window ends at +6s
      // 1 leads; [0, 2) folds 2; [2, 4) folds 3 + 4; [4, 6) folds 5.
      #expect(await received == [1, 2, 7, 5])
      await OperatorHarness.expectNothingLeft(on: clock)
    }
  }

  @Test func aMainActorReducerRunsOnTheMainActor() async {
    // The reducer parameter is `nonisolated(nonsending)` for speed; an isolated closure must
    // still run on its actor, at the same instants as a nonisolated one.
    await withTestClock { clock in
      let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
      let sums = numbers.throttle(for: .seconds(2), clock: clock) { @MainActor total, number in
        MainActor.assertIsolated()
        return (total ?? 0) + number
      }
      async let received = sums.reduce(into: [Int]()) { $0.append($1) }
      for number in 1...5 {
        feed.yield(number)
        await clock.advance(by: .seconds(1))
      }
      feed.finish()
      await clock.advance(by: .seconds(1))
      #expect(await received == [1, 2, 7, 5])
      await OperatorHarness.expectNothingLeft(on: clock)
    }
  }

  @Test func aSlowConsumerGetsTheLatestAndTheFinishWaitsBehindIt() async {
    let actual = await OperatorHarness.run(Marble.parse("abcdefg|"), busySteps: 3) {
      upstream, clock in upstream.throttle(for: .seconds(1), clock: clock)
    }
    #expect(Marble.render(actual) == "a--c--f--g--|")
  }

  @Test func anErrorWhileTheConsumerIsBusyIsThrownFromItsNextCall() async {
    let actual = await OperatorHarness.run(Marble.parse("ab-^"), busySteps: 5) {
      upstream, clock in upstream.throttle(for: .seconds(3), clock: clock)
    }
    // b fell due at 3 and waited, with the error behind it, until a's work ended at 5.
    #expect(Marble.render(actual) == "a----b----^")
  }

  @Test func cancellingDuringASlowReducerEndsEverything() async {
    await withTestClock { clock in
      let (stream, feed) = AsyncStream.makeStream(of: Int.self)
      let reducerCalls = Recorder<Int>()
      let sums = stream.throttle(for: .seconds(3), clock: clock) { (sum: Int?, value) in
        reducerCalls.record(value)
        try? await clock.sleep(for: .seconds(10))
        return (sum ?? 0) + value
      }
      await withTaskGroup { group in
        group.addTask {
          var iterator = sums.makeAsyncIterator()
          #expect(await iterator.next() == nil)
        }
        feed.yield(1)
        await clock.advance(by: .seconds(1))
        #expect(reducerCalls.recorded == [1])
        group.cancelAll()
      }
      // The reader ended inside the reducer: it never asks the upstream for more.
      feed.yield(2)
      await clock.advance(by: .seconds(20))
      #expect(reducerCalls.recorded == [1])
      await OperatorHarness.expectNothingLeft(on: clock)
    }
  }

  @Test func droppingTheIteratorWithACandidatePendingEndsEverything() async {
    await withTestClock { clock in
      let (stream, feed) = AsyncStream.makeStream(of: Int.self)
      let throttled = stream.throttle(for: .seconds(3), clock: clock)
      await withTaskGroup { group in
        group.addTask {
          var iterator = throttled.makeAsyncIterator()
          #expect(await iterator.next() == 1)
        }
        feed.yield(1)
        await clock.settle()
        feed.yield(2)  // the candidate, due at +3s, when the iterator goes away
        await group.waitForAll()
      }
      await OperatorHarness.expectNothingLeft(on: clock)
    }
  }

  @Test func cancelledBeforeTheFirstNextReturnsNil() async {
    await withTestClock { clock in
      let (stream, _) = AsyncStream.makeStream(of: Int.self)
      let throttled = stream.throttle(for: .seconds(1), clock: clock)
      let task = Task(executorPreference: clock.taskExecutor) {
        withUnsafeCurrentTask { $0?.cancel() }
        var iterator = throttled.makeAsyncIterator()
        return await iterator.next()
      }
      #expect(await task.value == nil)
      #expect(clock.liveTaskCounter.startedCount == 0)
    }
  }

  @Test func theOutputsFailureIsTheUpstreams() {
    func failure<S: AsyncSequence>(of _: S.Type) -> S.Failure.Type { S.Failure.self }
    typealias NonThrowing = AsyncThrottleSequence<AsyncStream<Int>, TestClock, Int>
    #expect(failure(of: NonThrowing.self) == Never.self)
  }
}
