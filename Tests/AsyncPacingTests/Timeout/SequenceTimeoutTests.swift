import AsyncPacing
import AsyncPacingTesting
import Testing

/// The sequence timeout through its public API, beyond what the contract's diagrams run: the
/// error's type and instant, the upstream's end, the fallback, other clocks, and arguments.
@Suite struct SequenceTimeoutTests {
  @Test(.testClock(advancing: .automatic)) func theTimeoutNamesItsDeadlineOnTheClock() async {
    let clock = TestClock.current
    let start = clock.now
    let readings = clock.marbles("a-b-----c", step: .seconds(1))
    var received: [String] = []
    do {
      for try await reading in readings.timeout(after: .seconds(3), clock: clock) {
        received.append(reading)
      }
      Issue.record("the sequence finished")
    } catch {
      switch error {
      case .timedOut(let deadline):
        #expect(deadline == start.advanced(by: .seconds(5)))
        #expect(clock.now == start.advanced(by: .seconds(5)))
      case .failed(let failure):
        Issue.record("the upstream threw \(failure)")
      }
    }
    #expect(received == ["a", "b"])
    #expect(readings.iterations.map(\.ending) == [.cancelled])
  }

  @Test(.testClock(advancing: .automatic)) func theUpstreamsErrorIsThrownAsFailed() async {
    let clock = TestClock.current
    do {
      for try await _ in clock.marbles("a-^", step: .seconds(1)).timeout(
        after: .seconds(3), clock: clock)
      {}
      Issue.record("the sequence finished")
    } catch {
      #expect(!error.isTimeout)
      guard case .failed(let failure) = error else { return }
      #expect(failure == MarbleFailure(step: 2))
    }
  }

  @Test(.testClock) func theFallbackContinuesWhereTheTimeRanOut() async {
    let clock = TestClock.current
    let live = clock.marbles("a-----b|", step: .seconds(1))
    let cached = clock.marbles("xy|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: live.timeout(after: .seconds(3), clock: clock, continuingWith: cached),
      step: .seconds(1))
    #expect(drawn == "a--xy|")
    #expect(live.iterations.map(\.ending) == [.cancelled])
  }

  @Test(.testClock) func aFallbackIsNotUsedWhenTheUpstreamIsInTime() async {
    let clock = TestClock.current
    let cached = clock.marbles("xy|", step: .seconds(1))
    let drawn = await clock.marbles(
      of: clock.marbles("a-b|", step: .seconds(1)).timeout(
        after: .seconds(3), clock: clock, continuingWith: cached),
      step: .seconds(1))
    #expect(drawn == "a-b|")
    #expect(cached.iterations.isEmpty)
  }

  @Test(.testClock) func anErasedClockTimesOutToo() async {
    let clock = TestClock.current
    let erased: any Clock<Duration> = clock
    let drawn = await clock.marbles(
      of: clock.marbles("a----b", step: .seconds(1)).timeout(after: .seconds(2), clock: erased),
      step: .seconds(1))
    #expect(drawn == "a-^")
  }

  /// A busy consumer on a real clock: every element passes, none is dropped or merged (wiring
  /// only; the interval is a day, beyond any starved thread pool: 60 seconds once was not).
  @Test func everyElementReachesABusyConsumerOnARealClock() async throws {
    let (numbers, input) = AsyncStream.makeStream(of: Int.self)
    for number in 0..<200 { input.yield(number) }
    input.finish()
    var received: [Int] = []
    for try await number in numbers.timeout(after: .seconds(86_400), clock: ContinuousClock()) {
      received.append(number)
      await Task.yield()
    }
    #expect(received == Array(0..<200))
  }

  @Test func aZeroIntervalIsRefusedWithItsName() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let (readings, _) = AsyncStream.makeStream(of: Int.self)
      _ = readings.timeout(after: .zero)
    }
    #expect(
      standardError(of: result).contains(
        "timeout(after:): `interval` must be greater than zero (got 0.0 seconds)"))
  }
}

/// The README's and the timeouts guide's snippets, compiled with the types they promise, on
/// the test clock that the forms without `clock:` follow.
@Suite struct TimeoutSnippetTests {
  @Test(.testClock(advancing: .automatic)) func theReadmeSnippetsCompileAndTimeOut() async {
    let clock = TestClock.current
    var shown: [String] = []
    do {
      let profile = try await withTimeout(for: .seconds(5)) { () async throws -> String in
        try await clock.sleep(for: .seconds(6))
        return "profile"
      }
      shown.append(profile)
    } catch {
      switch error {
      case .timedOut: shown.append("retry")
      case .failed(let failure): shown.append("error \(failure)")
      }
    }
    let sensorReadings = clock.marbles("a-b-------c", step: .seconds(1))
    do {
      for try await reading in sensorReadings.timeout(after: .seconds(5)) { shown.append(reading) }
    } catch {
      shown.append(error.isTimeout ? "lost" : "failed")
    }
    #expect(shown == ["retry", "a", "b", "lost"])
  }

  @Test(.testClock(advancing: .automatic)) func nestedTimeoutsCatchAsTheGuideShows() async {
    let clock = TestClock.current
    var caught = ""
    do {
      try await withTimeout(for: .seconds(10)) {
        () async throws(TimeoutFailure<ContinuousClock.Instant, any Error>) in
        try await withTimeout(for: .seconds(2)) { try await clock.sleep(for: .seconds(3)) }
      }
    } catch {
      switch error {
      case .timedOut: caught = "outer"
      case .failed(.timedOut): caught = "ping"
      case .failed(.failed(let failure)): caught = "ping failed: \(failure)"
      }
    }
    #expect(caught == "ping")
  }
}
