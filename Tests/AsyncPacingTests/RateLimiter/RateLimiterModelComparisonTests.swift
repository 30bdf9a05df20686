import AsyncPacingTesting
import Testing

@testable import AsyncPacing

/// The limiter's line against ``RateLimiterModel`` on random requests, sizes and
/// cancellations: the pure machine driven step by step as the limiter drives it.
@Suite struct RateLimiterModelComparisonTests {
  typealias Line = RateLimiterLine<ElapsedInstant<Duration>>

  struct Limits: CustomStringConvertible {
    var permits: Int
    var stepsPerToken: Int
    var burst: Int
    var maxWaiting: Int?
    var requests: [RateLimiterModel.Request]

    init(using random: inout SplitMix64) {
      permits = Int(random.next() % 3) + 1
      stepsPerToken = Int(random.next() % 3) + 1
      burst = Int(random.next() % 3) + 1
      maxWaiting = random.next() % 3 == 0 ? Int(random.next() % 3) : nil
      var requests: [RateLimiterModel.Request] = []
      for _ in 0..<Int(random.next() % 8) + 1 {
        let at = Int(random.next() % 12)
        let count = Int(random.next() % UInt64(burst)) + 1
        let cancelAt = random.next() % 4 == 0 ? at + Int(random.next() % 6) : nil
        requests.append(.init(at: at, count: count, cancelAt: cancelAt))
      }
      self.requests = requests
    }

    var description: String {
      "\(permits) per \(permits * stepsPerToken) steps, burst \(burst), maxWaiting "
        + "\(maxWaiting.map(String.init) ?? "nil"), requests \(requests)"
    }
  }

  /// The machine, its leader woken at its tokens' instant, then the step's cancellations and
  /// requests, as ``RateLimiterModel`` orders them.
  static func drive(_ limits: Limits, steps: Int) -> [RateLimiterModel.Outcome] {
    let bucket = TokenBucket<ElapsedInstant<Duration>>(
      permits: limits.permits, per: .seconds(limits.permits * limits.stepsPerToken),
      burst: limits.burst, origin: ElapsedInstant<Duration>(.zero))
    var line = Line(bucket: bucket, maxWaiting: limits.maxWaiting)
    var outcomes = [RateLimiterModel.Outcome](repeating: .waiting, count: limits.requests.count)
    var tickets: [Line.Ticket: Int] = [:]
    var ticketOf: [Int: Line.Ticket] = [:]
    var leader: (ticket: Line.Ticket, tokensAt: ElapsedInstant<Duration>?)?
    func grant(_ advance: Line.Advance, at step: Int) {
      for ticket in advance.granted { outcomes[tickets[ticket]!] = .granted(step) }
    }
    for step in 0...steps {
      let now = ElapsedInstant<Duration>(.seconds(step))
      if let current = leader, let tokensAt = current.tokensAt, tokensAt <= now {
        let advance = line.leaderWoke(current.ticket, at: now)
        outcomes[tickets[current.ticket]!] = .granted(step)
        grant(advance, at: step)
        leader = advance.leader
      }
      for (index, request) in limits.requests.enumerated() where request.cancelAt == step {
        guard let ticket = ticketOf[index], let (wasLeading, advance) = line.leave(ticket, at: now)
        else { continue }
        outcomes[index] = .cancelled(step)
        grant(advance, at: step)
        if wasLeading { leader = advance.leader }
      }
      for (index, request) in limits.requests.enumerated() where request.at == step {
        switch line.request(request.count, at: now) {
        case .granted: outcomes[index] = .granted(step)
        case .queueFull: outcomes[index] = .queueFull
        case .leads(let ticket, let tokensAt):
          tickets[ticket] = index
          ticketOf[index] = ticket
          leader = (ticket, tokensAt)
        case .waits(let ticket):
          tickets[ticket] = index
          ticketOf[index] = ticket
        }
      }
    }
    return outcomes
  }

  @Test func theLineMatchesTheModel() async {
    var random = SplitMix64(seed: RandomSchedules.seed &+ 53_000)
    for run in 0..<RandomSchedules.count {
      if run % 64 == 63 { await Task.yield() }
      let limits = Limits(using: &random)
      let steps = 40
      let expected = RateLimiterModel.run(
        limits.requests, stepsPerToken: limits.stepsPerToken, burst: limits.burst,
        maxWaiting: limits.maxWaiting, steps: steps)
      let actual = Self.drive(limits, steps: steps)
      #expect(actual == expected, "run \(run): \(limits): expected \(expected), got \(actual)")
      if actual != expected { return }
    }
  }

  /// The limiter itself on a ``TestClock``: each request a task started at its step, each
  /// cancellation its task's, in the model's order within a step.
  @Test func theLimiterMatchesTheModel() async {
    var random = SplitMix64(seed: RandomSchedules.seed &+ 54_000)
    for run in 0..<RandomSchedules.scenarioCount {
      let limits = Limits(using: &random)
      let steps = 40
      let expected = RateLimiterModel.run(
        limits.requests, stepsPerToken: limits.stepsPerToken, burst: limits.burst,
        maxWaiting: limits.maxWaiting, steps: steps)
      let actual = await Self.run(limits, steps: steps)
      #expect(actual == expected, "run \(run): \(limits): expected \(expected), got \(actual)")
      if actual != expected { return }
    }
  }

  static func run(_ limits: Limits, steps: Int) async -> [RateLimiterModel.Outcome] {
    await withTestClock { clock in
      let limiter = RateLimiter(
        permits: limits.permits, per: .seconds(limits.permits * limits.stepsPerToken),
        burst: limits.burst, maxWaiting: limits.maxWaiting, clock: clock)
      func step(_ instant: TestClock.Instant) -> Int {
        Int(TestClock.Instant().duration(to: instant).components.seconds)
      }
      var tasks: [Int: Task<RateLimiterModel.Outcome, Never>] = [:]
      for now in 0...steps {
        await clock.advance(to: TestClock.Instant(offset: .seconds(now)))
        for (index, request) in limits.requests.enumerated() where request.cancelAt == now {
          tasks[index]?.cancel()
          await clock.settle()
        }
        for (index, request) in limits.requests.enumerated() where request.at == now {
          tasks[index] = Task(executorPreference: clock.taskExecutor) {
            do {
              try await limiter.acquire(request.count)
              return .granted(step(clock.now))
            } catch RateLimiterError.queueFull {
              return .queueFull
            } catch {
              return .cancelled(step(clock.now))
            }
          }
          await clock.settle()
        }
      }
      // Those still waiting are cancelled to end the run; their cancellation is not a request's.
      for task in tasks.values { task.cancel() }
      var outcomes = [RateLimiterModel.Outcome](repeating: .waiting, count: limits.requests.count)
      for (index, task) in tasks {
        let outcome = await task.value
        let endedTheRun = outcome == .cancelled(steps) && limits.requests[index].cancelAt != steps
        outcomes[index] = endedTheRun ? .waiting : outcome
      }
      return outcomes
    }
  }
}
