import AsyncPacing
import Synchronization

/// How one iteration of a ``MarbleSequence`` went.
///
/// ```swift
/// let typing = clock.marbles("a-b-c|", step: .seconds(1))
/// _ = await clock.marbles(of: typing, step: .seconds(1), cancelledAt: 1)
/// #expect(
///   typing.iterations == [
///     MarbleIteration(
///       started: TestClock.Instant(),
///       ended: TestClock.Instant(offset: .seconds(1)),
///       ending: .cancelled)
///   ])
/// ```
public struct MarbleIteration: Hashable, Sendable {
  /// How an iteration ended.
  ///
  /// ```swift
  /// #expect(typing.iterations.map(\.ending) == [.finished, .cancelled])
  /// ```
  public enum Ending: Hashable, Sendable {
    /// It played `|`.
    case finished
    /// It played `^`.
    case failed
    /// Its task was cancelled.
    case cancelled
    /// Its iterator was released before the diagram ended: nobody asked for more.
    case released
  }

  /// When the iteration's first `next()` came.
  ///
  /// ```swift
  /// #expect(typing.iterations.first?.started == TestClock.Instant())
  /// ```
  public var started: TestClock.Instant

  /// When it ended, if it has.
  ///
  /// ```swift
  /// #expect(
  ///   typing.iterations.first?.ended == TestClock.Instant(offset: .seconds(4)))
  /// ```
  public var ended: TestClock.Instant?

  /// How it ended, if it has.
  ///
  /// ```swift
  /// #expect(typing.iterations.first?.ending == .cancelled)
  /// ```
  public var ending: Ending?

  /// An iteration as a test expects it.
  ///
  /// ```swift
  /// let expected = MarbleIteration(
  ///   started: TestClock.Instant(), ended: nil, ending: nil)
  /// ```
  public init(started: TestClock.Instant, ended: TestClock.Instant? = nil, ending: Ending? = nil) {
    self.started = started
    self.ended = ended
    self.ending = ending
  }
}

/// The iterations of one sequence, shared by its copies.
final class LockedLog: Sendable {
  let iterations = Mutex<[MarbleIteration]>([])
}

/// One iteration's entry in the log; releasing the iterator before the end marks it released.
final class IterationRecord: Sendable {
  private let log: LockedLog
  private let clock: TestClock
  private let index = Mutex<Int?>(nil)

  init(log: LockedLog, clock: TestClock) {
    self.log = log
    self.clock = clock
  }

  func started() -> TestClock.Instant {
    let now = clock.now
    let position = log.iterations.withLock { iterations in
      iterations.append(MarbleIteration(started: now))
      return iterations.count - 1
    }
    index.withLock { $0 = position }
    return now
  }

  var hasEnded: Bool {
    guard let position = index.withLock({ $0 }) else { return false }
    return log.iterations.withLock { $0[position].ending != nil }
  }

  func end(_ ending: MarbleIteration.Ending) {
    guard let position = index.withLock({ $0 }) else { return }
    let now = clock.now
    log.iterations.withLock { iterations in
      guard iterations[position].ending == nil else { return }
      iterations[position].ended = now
      iterations[position].ending = ending
    }
  }

  /// A consumer cancelled between two `next()` calls drops its iterator without a sleep to
  /// interrupt: that, too, is a cancellation.
  deinit { end(Task.isCancelled ? .cancelled : .released) }
}
