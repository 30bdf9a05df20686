import AsyncPacing
import AsyncPacingTesting
import Testing

/// RxJS's `spec/operators/timeout-spec.ts` (ReactiveX/rxjs, before the 2024 rewrite), the
/// cases of `timeout(date)` and `timeout({ first })`; one frame is one second. `first` bounds
/// only the first value, by an instant (a `Date`) or a time from the subscription; our
/// `timeout(after:)` bounds every `next()` and has no such form, so `withDeadline` around the
/// first `next()` stands in for it, and the rest is read without a limit. The subscription is
/// at +0s, so a time from it and the instant it ends are one deadline here.
@Suite struct RxJSTimeoutFirstCaseTests {
  /// "should emit and TimeoutError on timeout with appropriate due as Date" (and its
  /// `{ first: Date }` twin).
  @Test(.testClock(advancing: .automatic)) func aFirstElementAfterTheDeadlineTimesOut() async {
    let clock = TestClock.current
    let source = clock.marbles("-------a--b--|", step: .seconds(1))
    let log = await read(source, firstBy: .init(offset: .seconds(4)), clock: clock)
    #expect(log == ["deadline(+4s)@+4s"])
  }

  /// "should timeout at a specified Date" (and its `{ first: Date }` twin), and "should timeout
  /// at a specified time for first value only" (`{ first: 10 }`).
  @Test(.testClock(advancing: .automatic)) func aSilentSourceIsCancelledAtTheDeadline() async {
    let clock = TestClock.current
    let source = clock.marbles("-", step: .seconds(1))
    let log = await read(source, firstBy: .init(offset: .seconds(10)), clock: clock)
    #expect(log == ["deadline(+10s)@+10s"])
    #expect(source.iterations == [marbleIteration(0, 10, .cancelled)])
  }

  /// "should not timeout if source completes within absolute timeout period" (and its
  /// `{ first: Date }` twin).
  @Test(.testClock(advancing: .automatic)) func aSourceThatEndsBeforeTheDeadlinePassesWhole()
    async
  {
    let clock = TestClock.current
    let source = clock.marbles("--a--b--c--d--e--|", step: .seconds(1))
    let log = await read(source, firstBy: .init(offset: .seconds(20)), clock: clock)
    #expect(log == ["a@+2s", "b@+5s", "c@+8s", "d@+11s", "e@+14s", "|@+17s"])
  }

  /// "should not timeout for long delays if only first is specified" (`{ first: 10 }`) and
  /// "… as Date" (`{ first: Date }`).
  @Test(.testClock(advancing: .automatic)) func onlyTheFirstElementIsBounded() async {
    let clock = TestClock.current
    let source = clock.marbles("---a-----------------------b---|", step: .seconds(1))
    let log = await read(source, firstBy: .init(offset: .seconds(10)), clock: clock)
    #expect(log == ["a@+3s", "b@+27s", "|@+31s"])
  }

  /// "should timeout for long delays if first is specified as Date AND each is specified":
  /// the first element by +13s, each later one within 6 s, as `timeout(after:)` under the
  /// first element's deadline.
  @Test(.testClock(advancing: .automatic)) func aFirstDeadlineAndAnIntervalForTheRest() async {
    let clock = TestClock.current
    let source = clock.marbles("---a-----------------------b---|", step: .seconds(1))
    let timed = source.timeout(after: .seconds(6), clock: clock)
    let log = await read(timed, firstBy: .init(offset: .seconds(13)), clock: clock)
    #expect(log == ["a@+3s", "timedOut(+9s)@+9s"])
    #expect(source.iterations == [marbleIteration(0, 9, .cancelled)])
  }
}

/// Reads `upstream` with its first element due by `deadline` and the rest unbounded, and logs
/// each event with its instant: `a@+3s`, `|@+31s`, `deadline(+4s)@+4s` when the first element
/// missed the deadline, or the upstream's own error.
private func read<Upstream: AsyncSequence & Sendable>(
  _ upstream: Upstream, firstBy deadline: TestClock.Instant, clock: TestClock
) async -> [String] where Upstream.Element: Sendable {
  var log: [String] = []
  var rest: Upstream.AsyncIterator
  do throws(TimeoutFailure<TestClock.Instant, Upstream.Failure>) {
    let (first, iterator) = try await withDeadline(deadline, clock: clock) {
      () async throws(Upstream.Failure) -> (Upstream.Element?, Upstream.AsyncIterator) in
      var iterator = upstream.makeAsyncIterator()
      let first = try await iterator.next(isolation: nil)
      return (first, iterator)
    }
    guard let first else { return ["|@\(clock.now)"] }
    log.append("\(first)@\(clock.now)")
    rest = iterator
  } catch {
    switch error {
    case .timedOut(let missed): return ["deadline(\(missed))@\(clock.now)"]
    case .failed(let failure): return ["\(describe(failure))@\(clock.now)"]
    }
  }
  do throws(Upstream.Failure) {
    while let element = try await rest.next(isolation: nil) {
      log.append("\(element)@\(clock.now)")
    }
    log.append("|@\(clock.now)")
  } catch {
    log.append("\(describe(error))@\(clock.now)")
  }
  return log
}

/// An upstream's error: the summary of a `timeout(after:)`'s, `^` for a marble diagram's.
private func describe(_ error: any Error) -> String {
  if let timeout = error as? TestClockTimeout<MarbleFailure> { return timeoutSummary(of: timeout) }
  return error is MarbleFailure ? "^" : "\(error)"
}
