import AsyncPacing
import AsyncPacingTesting

/// One event of a scripted upstream: a value, or the end, at a step of one second.
struct ScriptedEvent: Sendable {
  var step: Int
  var value: String?
}

/// Plays `script` into an `AsyncStream` on a `TestClock`, lets `pacing` consume it, and
/// returns what the consumer saw as `value@step` and `|@step`.
func playThroughOperator<Output: AsyncSequence & Sendable>(
  _ script: [ScriptedEvent], horizon: Int, advancing: TestClock.Advancing,
  _ pacing: @escaping @Sendable (AsyncStream<String>, TestClock) -> Output
) async -> [String] where Output.Element == String, Output.Failure == Never {
  await withTestClock(advancing: advancing) { clock in
    let (upstream, feed) = AsyncStream.makeStream(of: String.self)
    async let producer: Void = {
      for event in script {
        try? await clock.sleep(until: .init(offset: .seconds(event.step)))
        if let value = event.value { feed.yield(value) } else { feed.finish() }
      }
    }()
    async let seen: [String] = {
      var seen: [String] = []
      for await value in pacing(upstream, clock) { seen.append("\(value)@\(step(clock.now))") }
      seen.append("|@\(step(clock.now))")
      return seen
    }()
    // Automatic advancing needs no step of the test's: the consumer's loop ends by itself.
    if advancing == .manual { await clock.advance(by: .seconds(horizon)) }
    await producer
    return await seen
  }
}

/// Sends `script` into a pacer on a `TestClock` and returns the action's starts as
/// `value@step`.
func playThroughPacer(
  _ script: [ScriptedEvent], horizon: Int, advancing: TestClock.Advancing,
  _ makePacer:
    @escaping @Sendable (TestClock, _ action: @escaping @Sendable (String) async -> Void)
    -> @Sendable (String) -> Void
) async -> [String] {
  await withTestClock(advancing: advancing) { clock in
    let starts = Starts()
    let send = makePacer(clock) { value in starts.record("\(value)@\(step(clock.now))") }
    for event in script {
      // Automatically advanced, the test only sleeps until each step.
      if advancing == .manual {
        await clock.advance(to: .init(offset: .seconds(event.step)))
      } else {
        try? await clock.sleep(until: .init(offset: .seconds(event.step)))
      }
      if let value = event.value { send(value) }
    }
    if advancing == .manual {
      await clock.advance(by: .seconds(horizon))
    } else {
      try? await clock.sleep(for: .seconds(horizon))
    }
    return starts.all
  }
}

private func step(_ instant: TestClock.Instant) -> Int {
  Int(instant.offset.components.seconds)
}

/// Letters at consecutive steps from `start`, then the end at `end` if given.
func letters(_ text: String, from start: Int = 0, endAt end: Int? = nil) -> [ScriptedEvent] {
  text.enumerated().map { ScriptedEvent(step: start + $0.offset, value: String($0.element)) }
    + (end.map { [ScriptedEvent(step: $0, value: nil)] } ?? [])
}

/// The marble scenarios of the contract, through every operator and pacer, each with the
/// output it must produce, on the test clock itself and behind an `AnyClock` (which must keep
/// the internal tasks on the test executor). A run is exact when every scenario's output
/// matches.
let operatorScenarios: [(name: String, run: @Sendable () async -> Bool)] =
  scenarios(on: { $0 }, naming: "") + scenarios(on: { AnyClock($0) }, naming: " through AnyClock")
  + scenarios(on: { $0 }, naming: ", advanced automatically", advancing: .automatic)
  + scenarios(
    on: { AnyClock($0) }, naming: " through AnyClock, advanced automatically",
    advancing: .automatic)

/// The scenarios with the test clock handed to each operator and pacer as `clock` makes it.
func scenarios<C: Clock<Duration>>(
  on clock: @escaping @Sendable (TestClock) -> C, naming suffix: String,
  advancing: TestClock.Advancing = .manual
) -> [(name: String, run: @Sendable () async -> Bool)] {
  [
    (
      "debounce" + suffix,
      {
        let script =
          [0: "a", 2: "b", 4: "c", 10: "d", 12: "e"].sorted { $0.key < $1.key }
          .map { ScriptedEvent(step: $0.key, value: $0.value) } + [
            ScriptedEvent(step: 17, value: nil)
          ]
        let seen = await playThroughOperator(script, horizon: 20, advancing: advancing) {
          upstream, testClock in
          upstream.debounce(for: .seconds(3), clock: clock(testClock))
        }
        return seen == ["c@7", "e@15", "|@17"]
      }
    ),
    (
      "throttle" + suffix,
      {
        let seen = await playThroughOperator(
          letters("abcdefghijk", endAt: 11), horizon: 20, advancing: advancing
        ) {
          upstream, testClock in upstream.throttle(for: .seconds(3), clock: clock(testClock))
        }
        return seen == ["a@0", "c@3", "f@6", "i@9", "k@12", "|@12"]
      }
    ),
    (
      "throttle reducing" + suffix,
      {
        let seen = await playThroughOperator(
          letters("abcdefghijk", endAt: 11), horizon: 20, advancing: advancing
        ) {
          upstream, testClock in
          upstream.throttle(for: .seconds(3), clock: clock(testClock)) { ($0 ?? "") + $1 }
        }
        return seen == ["a@0", "bc@3", "def@6", "ghi@9", "jk@12", "|@12"]
      }
    ),
    (
      "Debouncer" + suffix,
      {
        let seen = await playThroughPacer(
          letters("abc") + letters("de", from: 6), horizon: 10, advancing: advancing
        ) {
          testClock, action in
          let debouncer = Debouncer(for: .seconds(2), clock: clock(testClock), action)
          return { debouncer.send($0) }
        }
        return seen == ["c@4", "e@9"]
      }
    ),
    (
      "Throttler" + suffix,
      {
        let seen = await playThroughPacer(letters("abcde"), horizon: 10, advancing: advancing) {
          testClock, action in
          let throttler = Throttler(for: .seconds(2), clock: clock(testClock), action)
          return { throttler.send($0) }
        }
        return seen == ["a@0", "b@2", "d@4", "e@6"]
      }
    ),
    (
      "sample" + suffix,
      {
        let seen = await playThroughOperator(
          letters("abcdefg", endAt: 7), horizon: 10, advancing: advancing
        ) {
          upstream, testClock in upstream.sample(every: .seconds(2), clock: clock(testClock))
        }
        return seen == ["b@2", "d@4", "f@6", "g@7", "|@7"]
      }
    ),
    (
      "throttle, an interval per element" + suffix,
      {
        let seen = await playThroughOperator(
          letters("abc") + letters("d", from: 4) + letters("e", from: 8, endAt: 9), horizon: 12,
          advancing: advancing
        ) {
          upstream, testClock in
          upstream.throttle(
            for: { $0 == "a" ? .seconds(4) : .seconds(1) }, clock: clock(testClock))
        }
        return seen == ["a@0", "c@4", "d@5", "e@8", "|@9"]
      }
    ),
    (
      "Throttler, an interval per value" + suffix,
      {
        let seen = await playThroughPacer(
          letters("abc") + letters("d", from: 4) + letters("e", from: 8), horizon: 10,
          advancing: advancing
        ) {
          testClock, action in
          let throttler = Throttler(
            for: { (value: String) in value == "a" ? .seconds(4) : .seconds(1) },
            clock: clock(testClock), action)
          return { throttler.send($0) }
        }
        return seen == ["a@0", "c@4", "d@5", "e@8"]
      }
    ),
  ]
}
