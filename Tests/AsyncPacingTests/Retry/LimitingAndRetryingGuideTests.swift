import AsyncPacingTesting
import Synchronization
import Testing

@testable import AsyncPacing

/// The examples of "Limiting and retrying calls", as written there: if one stops compiling or
/// passing, the article is wrong.
@Suite struct LimitingAndRetryingGuideTests {
  struct HTTPError: Error {
    var status: Int
    var isTransient: Bool { status == 429 || status >= 500 }
  }

  protocol Transport: Sendable {
    func get(_ path: String) async throws -> String
  }

  /// Calls the weather API, at most 10 requests a second in all, each
  /// failed call tried up to 4 times.
  final class WeatherClient<C: Clock>: Sendable
  where C.Duration == Duration {
    let transport: any Transport
    let clock: C
    let limiter: RateLimiter<C>
    let backoff: any BackoffStrategy<Duration> & Sendable

    init(
      transport: any Transport, clock: C,
      requestsPerSecond: Int = 10,
      backoff: any BackoffStrategy<Duration> & Sendable =
        Backoff
        .exponential(factor: 2, initial: .milliseconds(200))
        .maximum(.seconds(5))
        .fullJitter()
    ) {
      self.transport = transport
      self.clock = clock
      self.limiter = RateLimiter(
        permits: requestsPerSecond, per: .seconds(1),
        burst: requestsPerSecond, maxWaiting: 1_000, clock: clock)
      self.backoff = backoff
    }

    func forecast(for city: String) async throws -> String {
      try await retry(maxAttempts: 4, backoff: backoff, clock: clock) {
        try await limiter.acquire()
        return try await transport.get("/forecast/\(city)")
      } strategy: { error in
        (error as? HTTPError)?.isTransient ?? false
      }
    }
  }

  /// Fails each path's first `failures` requests with a 503 (or always with `status`), and
  /// records when each request came.
  final class FlakyTransport: Transport {
    let clock: TestClock
    let failures: Int
    let status: Int
    let log = Mutex<(requests: [Duration], tries: [String: Int])>(([], [:]))

    init(clock: TestClock, failures: Int, status: Int = 503) {
      self.clock = clock
      self.failures = failures
      self.status = status
    }

    var requests: [Duration] { log.withLock { $0.requests } }

    func get(_ path: String) async throws -> String {
      let tries = log.withLock { log in
        log.requests.append(clock.now.offset)
        log.tries[path, default: 0] += 1
        return log.tries[path]!
      }
      if tries <= failures || status != 503 { throw HTTPError(status: status) }
      return "sunny in \(path.split(separator: "/").last!)"
    }
  }

  @Test(.testClock)
  func failedCallsAreRetriedUnderTheQuota() async throws {
    let clock = TestClock.current
    // Each city's first two requests fail with a 503.
    let transport = FlakyTransport(clock: clock, failures: 2)
    let client = WeatherClient(
      transport: transport, clock: clock, requestsPerSecond: 2,
      backoff: Backoff.exponential(
        factor: 2, initial: .milliseconds(200)))
    let call = Task(executorPreference: clock.taskExecutor) {
      try await client.forecast(for: "Lyon")
    }
    await clock.advance(by: .seconds(1))
    #expect(try await call.value == "sunny in Lyon")
    // The bucket's two tokens at 0 and 200 ms; after a 400 ms backoff,
    // the token of 500 ms at 600 ms.
    #expect(
      transport.requests
        == [0, 200, 600].map {
          Duration.milliseconds($0)
        })
  }

  /// Many calls at once share the quota: two a second, in the order they came.
  @Test(.testClock)
  func concurrentCallsShareOneQuota() async throws {
    let clock = TestClock.current
    let transport = FlakyTransport(clock: clock, failures: 0)
    let client = WeatherClient(transport: transport, clock: clock, requestsPerSecond: 2)
    var calls: [Task<String, any Error>] = []
    for city in ["Lyon", "Nice", "Metz", "Caen", "Brest"] {
      calls.append(
        Task(executorPreference: clock.taskExecutor) { try await client.forecast(for: city) })
      await clock.settle()
    }
    await clock.advance(by: .seconds(2))
    for call in calls { _ = try await call.value }
    #expect(transport.requests == [0, 0, 500, 1_000, 1_500].map { Duration.milliseconds($0) })
  }

  /// A call that fails for good (a 404) is rethrown at once, with no other attempt.
  @Test(.testClock)
  func aPermanentFailureIsNotRetried() async throws {
    let clock = TestClock.current
    let transport = FlakyTransport(clock: clock, failures: 0, status: 404)
    let client = WeatherClient(transport: transport, clock: clock)
    await #expect(throws: HTTPError.self) { try await client.forecast(for: "Lyon") }
    #expect(transport.requests == [.zero])
  }
}
