import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// `.debounce` on a real upstream and a ``TestClock``: the contract at exact instants.
@Suite struct DebounceOperatorTests {
  @Test func aSlowConsumerGetsTheLatestAndTheFinishWaitsBehindIt() async {
    // Busy for 5 steps after each element: b is replaced by c. The consumer comes back at 11,
    // the instant f falls due: that deadline is handled first, so f replaces the waiting e,
    // and the finish (also at 11) waits behind f until after f's work.
    let actual = await OperatorHarness.run(Marble.parse("a-b-c-d-e-f|"), busySteps: 5) {
      upstream, clock in upstream.debounce(for: .seconds(1), clock: clock)
    }
    #expect(Marble.render(actual) == "-a----c----f----|")
  }

  @Test func aConsumerBackAtADeadlineSeesItHandledFirstHoweverItWaited() async {
    // The same instant reached by one sleep or by two: the consumer's sleeps resume before or
    // after the operator's timer, and the result must not depend on which.
    for split in [false, true] {
      // Plain form: a fresh clock for each split, and the trait gives a test only one.
      let actual = await withTestClock { clock in
        let (upstream, feed) = AsyncStream.makeStream(of: String.self)
        let settled = upstream.debounce(for: .seconds(1), clock: clock)
        async let received: [String] = {
          var received: [String] = []
          for await value in settled {
            received.append("\(value)@\(clock.now)")
            if split {
              try? await clock.sleep(for: .milliseconds(4500))
              try? await clock.sleep(for: .milliseconds(500))
            } else {
              try? await clock.sleep(for: .seconds(5))
            }
          }
          return received
        }()
        feed.yield("a")  // due at 1: the consumer takes it and is busy until 6
        await clock.advance(by: .seconds(2))
        feed.yield("b")  // due at 3: waits for the consumer
        await clock.advance(by: .seconds(3))
        feed.yield("c")  // due at 6, the instant the consumer comes back: replaces b
        await clock.advance(by: .seconds(10))
        feed.finish()
        await clock.advance(by: .seconds(10))  // the consumer's last work ends
        return await received
      }
      #expect(actual == ["a@+1s", "c@+6s"], "split: \(split)")
    }
  }

  @Test func anErrorWhileTheConsumerIsBusyIsThrownFromItsNextCall() async {
    let actual = await OperatorHarness.run(Marble.parse("a-b-^"), busySteps: 5) {
      upstream, clock in upstream.debounce(for: .seconds(1), clock: clock)
    }
    #expect(Marble.render(actual) == "-a----b----^")
  }

  @Test func aConsumerThatKeepsUpGetsEverySameInstantOutput() async {
    // b and c wait while the consumer's task is not yet back; it comes back at their instant.
    let actual = await OperatorHarness.run(Marble.parse("[abc]--|")) {
      upstream, clock in upstream.debounce(for: .zero, clock: clock)
    }
    #expect(Marble.render(actual) == "[abc]--|")
  }

  @Test func aConsumerBackAtALaterInstantGetsOnlyTheLatest() async {
    // b and c fell due at 0; the consumer comes back at 1, as it would on a real clock.
    let actual = await OperatorHarness.run(Marble.parse("[abc]--|"), busySteps: 1) {
      upstream, clock in upstream.debounce(for: .zero, clock: clock)
    }
    #expect(Marble.render(actual) == "ac-|")
  }

  @Test(.testClock) func aNonThrowingUpstreamGivesANonThrowingSequence() async {
    let clock = TestClock.current
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

  @Test func theOutputsFailureIsTheUpstreams() {
    func failure<S: AsyncSequence>(of _: S.Type) -> S.Failure.Type { S.Failure.self }
    typealias NonThrowing = AsyncDebounceSequence<AsyncStream<Int>, TestClock>
    typealias Throwing = AsyncDebounceSequence<AsyncThrowingStream<Int, any Error>, TestClock>
    #expect(failure(of: NonThrowing.self) == Never.self)
    #expect(failure(of: Throwing.self) == (any Error).self)
  }
}
