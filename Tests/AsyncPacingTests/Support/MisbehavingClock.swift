import AsyncPacingTesting
import Synchronization

@testable import AsyncPacing

/// A clock that breaks the promises a clock usually keeps, in one of the ways
/// <doc:PacingContract> ("Clocks that misbehave") names, with virtual time so that a test is
/// exact: a sleep never waits, it moves time (or not) and returns.
///
/// Its tasks run on a ``TestClock``'s executor and are counted by that clock, so
/// `TestClock.settle()` runs the operators on it to quiescence and `expectNothingLeft` applies.
/// Its instants are its own, so the shell treats it as any third-party clock: far deadlines are
/// slept toward in chunks.
final class MisbehavingClock: Clock, PacingHost, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  enum Behaviour: Sendable {
    /// `now` never moves; a sleep returns at once.
    case frozen
    /// A sleep throws at once; every reading of `now` moves it a microsecond on.
    case throwing
    /// A sleep ends a millisecond before its deadline, unless it started that close to it.
    case early
    /// A sleep returns at once, and moves `now` a microsecond on: the adversarial probe's clock,
    /// whose `now` creeps by slivers.
    case creeping
    /// `now` starts at 10 s; a sleep returns at once and sets it back to 5 s, for good: a clock
    /// that jumped back below the machine's time.
    case rewinding
    /// `now` is the true time rounded down to `resolution`, and `minimumResolution` claims
    /// `claimedResolution`; a sleep moves the true time to its deadline.
    case coarse(resolution: Duration, claimedResolution: Duration)
    /// Keeps the host's time, as a good clock, and records each deadline or tolerance whose
    /// seconds overflow `Int64`: where `ContinuousClock.sleep` traps.
    case strict
  }

  struct SleepFailure: Error {}

  struct Time {
    var trueTime = Duration.zero
    var sleepCalls = 0
    var deadlines: [Duration] = []
    var untakableDeadlines = 0
  }

  let behaviour: Behaviour
  let host: TestClock
  private let time = Mutex(Time())

  init(_ behaviour: Behaviour, on host: TestClock) {
    self.behaviour = behaviour
    self.host = host
  }

  var sleepCalls: Int { time.withLock { $0.sleepCalls } }
  var deadlines: [Duration] { time.withLock { $0.deadlines } }
  var untakableDeadlines: Int { time.withLock { $0.untakableDeadlines } }

  var now: Instant {
    time.withLock { time in
      switch behaviour {
      case .frozen:
        return Instant(offset: .zero)
      case .throwing:
        time.trueTime += .microseconds(1)
        return Instant(offset: time.trueTime)
      case .coarse(let resolution, _):
        let (steps, _) = time.trueTime.attoseconds.quotientAndRemainder(
          dividingBy: resolution.attoseconds)
        return Instant(offset: Duration(attoseconds: steps * resolution.attoseconds))
      case .early, .creeping:
        return Instant(offset: time.trueTime)
      case .rewinding:
        return Instant(offset: time.sleepCalls == 0 ? .seconds(10) : .seconds(5))
      case .strict:
        return Instant(offset: host.now.offset)
      }
    }
  }

  var minimumResolution: Duration {
    if case .coarse(_, let claimed) = behaviour { return claimed }
    return .nanoseconds(1)
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    let fails = time.withLock { time -> Bool in
      time.sleepCalls += 1
      time.deadlines.append(deadline.offset)
      switch behaviour {
      case .frozen:
        return false
      case .throwing:
        return true
      case .early:
        let early = deadline.offset - .milliseconds(1)
        time.trueTime = max(time.trueTime, early > time.trueTime ? early : deadline.offset)
      case .coarse:
        time.trueTime = max(time.trueTime, deadline.offset)
      case .creeping:
        time.trueTime += .microseconds(1)
      case .rewinding:
        break
      case .strict:
        if deadline.offset.attoseconds / 1_000_000_000_000_000_000 > Int128(Int64.max)
          || (tolerance.map { $0.attoseconds / 1_000_000_000_000_000_000 > Int128(Int64.max) }
            ?? false)
        {
          time.untakableDeadlines += 1
        }
      }
      return false
    }
    if case .strict = behaviour {
      return try await host.sleep(until: TestClock.Instant(offset: deadline.offset))
    }
    await Task.yield()
    if fails { throw SleepFailure() }
  }

  var preferredTaskExecutor: (any TaskExecutor)? { host.taskExecutor }
  func internalTaskStarted() { host.internalTaskStarted() }
  func internalTaskEnded() { host.internalTaskEnded() }
}
