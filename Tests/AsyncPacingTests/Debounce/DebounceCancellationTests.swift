import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// Cancelling the consumer, or dropping its iterator, ends everything at once.
@Suite(.testClock) struct DebounceCancellationTests {
  /// An upstream that records when its iteration is cancelled.
  private static func upstream() -> (
    AsyncStream<Int>, AsyncStream<Int>.Continuation, Recorder<String>
  ) {
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    let terminations = Recorder<String>()
    feed.onTermination = { termination in
      if case .cancelled = termination { terminations.record("cancelled") }
    }
    return (stream, feed, terminations)
  }

  @Test func cancelledBeforeTheFirstNextReturnsNilAndStartsNothing() async {
    let clock = TestClock.current
    let (stream, _, _) = Self.upstream()
    let debounced = stream.debounce(for: .seconds(1), clock: clock)
    #expect(await OperatorHarness.firstNextOfACancelledTask(debounced, on: clock) == nil)
    #expect(clock.internalTasks.startedCount == 0)
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func cancelledWhileWaitingReturnsNilAndCancelsTheUpstream() async {
    let clock = TestClock.current
    let (stream, feed, terminations) = Self.upstream()
    let debounced = stream.debounce(for: .seconds(1), clock: clock)
    let results = Recorder<Int?>()
    await withTaskGroup { group in
      group.addTask {
        var iterator = debounced.makeAsyncIterator()
        results.record(await iterator.next())
        results.record(await iterator.next())
      }
      feed.yield(1)  // pending: the timer sleeps until +1s
      await clock.advance(by: .milliseconds(500))
      #expect(clock.pendingSleeperCount == 1)
      group.cancelAll()
      await clock.settle()
      #expect(results.recorded == [nil, nil])
      #expect(terminations.recorded == ["cancelled"])
    }
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func cancelledWithOutputsWaitingStillReturnsNil() async {
    let clock = TestClock.current
    let (stream, feed, _) = Self.upstream()
    let debounced = stream.debounce(for: .zero, clock: clock)
    let task = Task(executorPreference: clock.taskExecutor) {
      var iterator = debounced.makeAsyncIterator()
      let first = await iterator.next()
      try? await clock.sleep(for: .seconds(10))  // busy: outputs wait in the mailbox
      return (first, await iterator.next())
    }
    feed.yield(1)
    await clock.settle()
    feed.yield(2)
    feed.yield(3)
    await clock.settle()
    task.cancel()
    let (first, afterCancel) = await task.value
    #expect(first == 1)
    #expect(afterCancel == nil)
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func droppingTheIteratorMidBurstEndsEverything() async {
    let clock = TestClock.current
    let (stream, feed, terminations) = Self.upstream()
    let debounced = stream.debounce(for: .seconds(1), maxWait: .seconds(3), clock: clock)
    await withTaskGroup { group in
      group.addTask {
        var iterator = debounced.makeAsyncIterator()
        _ = await iterator.next()
      }
      feed.yield(1)
      await clock.advance(by: .seconds(1))  // 1 is delivered, the consumer returns
      feed.yield(2)  // a new burst is pending when the iterator goes away
      await group.waitForAll()
    }
    await clock.settle()
    #expect(terminations.recorded == ["cancelled"])
    #expect(clock.internalTasks.startedCount == 1)  // the reader: the timer is the clock's
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func iteratingAfterTheEndKeepsReturningNil() async {
    let clock = TestClock.current
    let (stream, feed, _) = Self.upstream()
    var iterator = stream.debounce(for: .seconds(1), clock: clock).makeAsyncIterator()
    feed.yield(1)
    feed.finish()
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
    await OperatorHarness.expectNothingLeft(on: clock)
  }

  @Test func afterAnErrorNextReturnsNil() async throws {
    let clock = TestClock.current
    let (stream, feed) = AsyncThrowingStream.makeStream(of: Int.self)
    var iterator = stream.debounce(for: .seconds(1), clock: clock).makeAsyncIterator()
    feed.yield(1)
    feed.finish(throwing: MarbleFailure(step: 0))
    await #expect(throws: MarbleFailure.self) { _ = try await iterator.next() }
    #expect(try await iterator.next() == nil)
    await OperatorHarness.expectNothingLeft(on: clock)
  }
}
