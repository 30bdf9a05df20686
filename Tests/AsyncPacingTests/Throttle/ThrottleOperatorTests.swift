import AsyncPacingTesting
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

  @Test func aTrailingOnlyWindowWhoseFirstFoldOutlastsItEmitsWhenTheFoldReturns() async {
    // a's fold takes 4 steps, past its window's end at 3: 'a' comes out when it returns (4),
    // opening [4, 7), so b (5) comes out at 7.
    let actual = await OperatorHarness.run(Marble.parse("a----b---|")) { upstream, clock in
      upstream.throttle(for: .seconds(3), clock: clock, edges: .trailing) {
        (folded: String?, element) in
        if element == "a" { try? await clock.sleep(for: .seconds(4)) }
        return (folded ?? "") + element
      }
    }
    #expect(Marble.render(actual) == "----a--b-|")
  }

  @Test func anErrorDropsALentCandidateNotYetDue() async {
    // b and c are folded into the candidate lent to the reader, due at 5; the error at 3
    // takes it back and drops it.
    let actual = await OperatorHarness.run(Marble.parse("abc^")) { upstream, clock in
      upstream.throttle(for: .seconds(5), clock: clock) { ($0 ?? "") + $1 }
    }
    #expect(Marble.render(actual) == "a--^")
  }

  @Test func aSlowConsumerOfAReducingThrottleGetsEveryElementOnce() async {
    // Windows of 2, a consumer busy for 3 after each output: 'b' falls due at 2, untaken, and
    // c (at 2) continues from it; the window's end at 4 gives 'bcd' to the consumer, back
    // since 3. 'ef' falls due at 6, untaken; g continues it, and 'efg' comes out at 8, where
    // the finish waits for it; the consumer takes the finish when it comes back, at 11.
    let actual = await OperatorHarness.run(Marble.parse("abcdefg|"), busySteps: 3) {
      upstream, clock in upstream.throttle(for: .seconds(2), clock: clock) { ($0 ?? "") + $1 }
    }
    #expect(Marble.render(actual) == "a---'bcd'---'efg'--|")
  }

  @Test(.testClock, arguments: [false, true])
  func cancellingWithACandidateOnLoanEndsEverything(whileFolding: Bool) async {
    let clock = TestClock.current
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    let reducerCalls = Recorder<Int>()
    let sums = stream.throttle(for: .seconds(3), clock: clock) { (sum: Int?, value) in
      reducerCalls.record(value)
      if whileFolding && value == 3 { try? await clock.sleep(for: .seconds(10)) }
      return (sum ?? 0) + value
    }
    await withTaskGroup { group in
      group.addTask {
        var iterator = sums.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        #expect(await iterator.next() == nil)
      }
      feed.yield(1)
      await clock.settle()
      feed.yield(2)  // the candidate, then lent to the reader
      await clock.settle()
      feed.yield(3)  // folded on loan, at once or for 10 steps
      await clock.advance(by: .seconds(1))
      #expect(reducerCalls.recorded == [1, 2, 3])
      group.cancelAll()
    }
    // The reader ended: it never asks the upstream for more.
    feed.yield(4)
    await clock.advance(by: .seconds(20))
    #expect(reducerCalls.recorded == [1, 2, 3])
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test(.testClock) func aSumReducer() async {
    let clock = TestClock.current
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

  @MainActor @Test(.testClock) func aMainActorReducerRunsOnTheMainActor() async {
    // The reducer parameter is `nonisolated(nonsending)` for speed; an isolated closure must
    // still run on its actor, at the same instants as a nonisolated one. The test is
    // `@MainActor`, as the testing guide asks: the clock cannot see a reducer's first hop to
    // the main actor from its own executor.
    let clock = TestClock.current
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

  @Test(.testClock) func cancellingDuringASlowReducerEndsEverything() async {
    let clock = TestClock.current
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

  @Test(.testClock) func droppingTheIteratorWithACandidatePendingEndsEverything() async {
    let clock = TestClock.current
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

  @Test(.testClock) func cancelledBeforeTheFirstNextReturnsNil() async {
    let clock = TestClock.current
    let (stream, _) = AsyncStream.makeStream(of: Int.self)
    let throttled = stream.throttle(for: .seconds(1), clock: clock)
    #expect(await OperatorHarness.firstNextOfACancelledTask(throttled, on: clock) == nil)
    #expect(clock.internalTasks.startedCount == 0)
  }

  @Test func theOutputsFailureIsTheUpstreams() {
    func failure<S: AsyncSequence>(of _: S.Type) -> S.Failure.Type { S.Failure.self }
    typealias NonThrowing = AsyncThrottleSequence<AsyncStream<Int>, TestClock, Int>
    #expect(failure(of: NonThrowing.self) == Never.self)
  }
}
