import Testing

@testable import AsyncPacing

/// The wiring to a real clock. Only lower bounds on time are asserted, so a slow or loaded
/// machine cannot make these fail.
@Suite struct DebounceContinuousClockTests {
  @Test func theTimerFiresOnTheRealClock() async {
    let (stream, feed) = AsyncStream.makeStream(of: String.self)
    var iterator = stream.debounce(for: .milliseconds(50)).makeAsyncIterator()
    let start = ContinuousClock.now
    feed.yield("a")
    // Nothing but the timer can deliver this: the upstream stays open.
    #expect(await iterator.next() == "a")
    #expect(ContinuousClock.now - start >= .milliseconds(50))
    feed.finish()
    #expect(await iterator.next() == nil)
  }

  @Test func theLastElementComesOutWhenTheUpstreamFinishes() async {
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    for value in 1...100 { feed.yield(value) }
    feed.finish()
    var received: [Int] = []
    for await value in stream.debounce(for: .seconds(60)) { received.append(value) }
    #expect(received.last == 100)
  }

  @Test func cancellingEndsTheInternalTasks() async {
    let (stream, feed) = AsyncStream.makeStream(of: Int.self)
    let consumer = Task {
      var iterator = stream.debounce(for: .seconds(60)).makeAsyncIterator()
      return await iterator.next()
    }
    feed.yield(1)
    consumer.cancel()
    #expect(await consumer.value == nil)
  }
}
