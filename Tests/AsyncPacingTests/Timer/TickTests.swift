import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// `ticks(every:)` on a ``TestClock``: the grid from the first `next()`, one tick for a late
/// consumer, cancellation, and the form without `clock:`.
@Suite(.testClock(advancing: .automatic)) struct TickTests {
  let clock = TestClock.current

  func at(_ seconds: Int) -> TestClock.Instant { .init(offset: .seconds(seconds)) }

  /// Making the sequence or its iterator starts nothing: the grid starts at the first `next()`.
  @Test func theGridStartsAtTheFirstNext() async {
    var ticks = clock.ticks(every: .seconds(3)).makeAsyncIterator()
    await clock.advance(by: .seconds(5))
    #expect(await ticks.next() == at(8))
    #expect(await ticks.next() == at(11))
    #expect(clock.now == at(11))
  }

  /// The contract's diagram: busy from 3 to 10, the consumer gets one tick, 9, at once.
  @Test func aLateConsumerGetsOneTickTheLatest() async {
    var ticks = clock.ticks(every: .seconds(3)).makeAsyncIterator()
    #expect(await ticks.next() == at(3))
    await clock.advance(by: .seconds(7))
    #expect(await ticks.next() == at(9))
    #expect(clock.now == at(10))
    #expect(await ticks.next() == at(12))
  }

  /// The element is the scheduled instant, and the grid never drifts with the consumer.
  @Test func theGridNeverDrifts() async {
    var received: [TestClock.Instant] = []
    for await tick in clock.ticks(every: .seconds(2)) {
      received.append(tick)
      try? await clock.sleep(for: .seconds(1))
      if received.count == 4 { break }
    }
    #expect(received == [at(2), at(4), at(6), at(8)])
  }

  @Test func aCancelledTaskGetsNilAndNothingIsLeft() async {
    let ticks = clock.ticks(every: .seconds(3))
    let task = Task(executorPreference: clock.taskExecutor) {
      var iterator = ticks.makeAsyncIterator()
      let first = await iterator.next()
      let second = await iterator.next()
      let third = await iterator.next()
      return [first, second, third]
    }
    await clock.advance(by: .seconds(4))
    task.cancel()
    #expect(await task.value == [at(3), nil, nil])
    #expect(clock.pendingSleeperCount == 0)
  }

  @Test func aTaskCancelledBeforeItsFirstNextGetsNil() async {
    let ticks = clock.ticks(every: .seconds(3))
    let task = Task(executorPreference: clock.taskExecutor) {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = ticks.makeAsyncIterator()
      return await iterator.next()
    }
    #expect(await task.value == nil)
  }

  /// Inside a test clock's scope the free form runs on it, its ticks exactly `interval` apart.
  @Test func theFormWithoutAClockFollowsTheTestClock() async {
    var ticks = AsyncPacing.ticks(every: .seconds(30)).makeAsyncIterator()
    guard let first = await ticks.next(), let second = await ticks.next() else {
      Issue.record("the ticks ended")
      return
    }
    #expect(first.duration(to: second) == .seconds(30))
    #expect(clock.now == at(60))
  }

  /// A tick past what the clock can count never comes; the sequence waits until cancelled.
  /// Tick 1 is the last one countable, tick 2 lies past the range.
  @Test func aTickPastTheClocksRangeNeverComes() async {
    let interval = Duration(attoseconds: .max / 2 + 1)
    let ticks = clock.ticks(every: interval)
    let task = Task(executorPreference: clock.taskExecutor) {
      var iterator = ticks.makeAsyncIterator()
      return [await iterator.next(), await iterator.next()]
    }
    await clock.advance(by: interval)
    await clock.advance(by: .seconds(10))
    task.cancel()
    #expect(await task.value == [TestClock.Instant(offset: interval), nil])
    #expect(clock.pendingSleeperCount == 0)
  }

  /// The form without `clock:` shows ticks as real instants: one more than half the longest
  /// duration after its start is past what a real instant can hold, and never comes, no trap.
  @Test func aTickPastWhatARealInstantHoldsNeverComes() async {
    let interval = Duration(attoseconds: .max / 2 + 1)
    let task = Task(executorPreference: clock.taskExecutor) {
      var iterator = AsyncPacing.ticks(every: interval).makeAsyncIterator()
      return await iterator.next()
    }
    await clock.advance(by: interval)
    task.cancel()
    #expect(await task.value == nil)
  }

  /// A cancelled task's `next()` returns nil with a tick due, once ticking as before the start.
  @Test func aCancelledNextReturnsNilWithATickDue() async {
    let ticks = clock.ticks(every: .seconds(3))
    let task = Task(executorPreference: clock.taskExecutor) {
      var iterator = ticks.makeAsyncIterator()
      let first = await iterator.next()
      try? await clock.sleep(for: .seconds(4))
      withUnsafeCurrentTask { $0?.cancel() }
      return [first, await iterator.next(), await iterator.next()]
    }
    #expect(await task.value == [at(3), nil, nil])
    #expect(clock.now == at(7))
    #expect(clock.pendingSleeperCount == 0)
  }
}

/// Ticks on clocks that misbehave (the contract's "Clocks that misbehave"): no spin.
@Suite struct MisbehavingClockTickTests {
  /// A frozen clock's sleeps return at once and its `now` never moves: after the stalls the
  /// rules allow, the timer gives up and waits for its cancellation instead of spinning.
  @Test(arguments: [MisbehavingClock.Behaviour.frozen, .throwing, .creeping])
  func aClockThatBringsNoTickCloserMakesNoSpin(_ behaviour: MisbehavingClock.Behaviour) async {
    await withTestClock { host in
      let clock = MisbehavingClock(behaviour, on: host)
      let ticks = clock.ticks(every: .seconds(1))
      let task = Task(executorPreference: host.taskExecutor) {
        var iterator = ticks.makeAsyncIterator()
        return await iterator.next()
      }
      await host.settle()
      let calls = clock.sleepCalls
      #expect(calls <= PacingTimerProgress<ElapsedInstant<Duration>>.stallLimit + 1)
      task.cancel()
      #expect(await task.value == nil)
    }
  }
}
