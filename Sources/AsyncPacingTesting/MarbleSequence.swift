import AsyncPacing
import Synchronization

/// A marble diagram played on a `TestClock`: an `AsyncSequence` whose events
/// happen at the diagram's steps, counted from the first `next()` of each iteration, or, for a
/// hot one, from the instant it was made.
///
/// Make one with `clock.marbles(_:step:)` or `clock.marbles(_:step:values:)`, or a hot one with
/// `clock.hotMarbles(_:step:)`:
///
/// ```swift
/// await withTestClock { clock in
///   let queries = clock.marbles("a-b-c-----d|", step: .milliseconds(100))
///   let searched = await clock.marbles(
///     of: queries.debounce(for: .milliseconds(300), clock: clock),
///     step: .milliseconds(100))
///   #expect(searched == "-------c---[d|]")
/// }
/// ```
///
/// Each iteration of a cold one replays the diagram from its own start; an iteration of a hot one
/// joins its timeline where it stands. `|` ends the iteration, `^` (RxJS's `#`) throws a
/// ``MarbleFailure``; a diagram without an ending waits after its last event, without
/// sleeping on the clock, until its task is cancelled. A cancelled iteration returns `nil`.
/// ``iterations`` tells how each iteration started and ended, so a test can see that an
/// operator cancelled its upstream.
public struct MarbleSequence<Element: Sendable>: AsyncSequence, Sendable {
  /// What `^` (RxJS's `#`) throws: iterate with `try`.
  ///
  /// ```swift
  /// for try await line in clock.marbles("a-^", step: .seconds(1)) {
  ///   print(line)
  /// }
  /// ```
  public typealias Failure = MarbleFailure

  enum Event: Sendable {
    case element(Element)
    case finish
    case failure
  }

  let clock: TestClock
  let step: Duration
  let events: [(step: Int, event: Event)]
  /// Where a hot diagram's step 0 lies (the instant it was made); `nil` for a cold one, whose
  /// steps count from each iteration's start.
  let hotOrigin: TestClock.Instant?
  /// When it was made: frame 0 of its subscription diagrams.
  let created: TestClock.Instant
  /// What its failure carries (`error:`).
  let errorValue: String?
  let log = LockedLog()

  init(
    clock: TestClock, step: Duration, events: [(step: Int, event: Event)],
    hotOrigin: TestClock.Instant? = nil, errorValue: String? = nil
  ) {
    self.errorValue = errorValue
    self.clock = clock
    self.step = step
    self.events = events
    self.hotOrigin = hotOrigin
    created = clock.now
  }

  /// Every iteration so far, in the order they started.
  ///
  /// ```swift
  /// let queries = clock.marbles("a-b-c", step: .seconds(1))
  /// _ = await clock.marbles(of: queries.prefix(1), step: .seconds(1))
  /// // prefix stopped asking
  /// #expect(queries.iterations.map(\.ending) == [.released])
  /// ```
  public var iterations: [MarbleIteration] { log.iterations.withLock { $0 } }

  /// An iterator that plays the diagram from its first `next()`.
  ///
  /// ```swift
  /// var letters = clock.marbles("ab|", step: .seconds(1)).makeAsyncIterator()
  /// let first = try await letters.next()   // "a", at once
  /// ```
  public func makeAsyncIterator() -> Iterator {
    Iterator(sequence: self, record: IterationRecord(log: log, clock: clock))
  }

  /// Plays the diagram's events at their steps.
  ///
  /// ```swift
  /// for try await letter in clock.marbles("a-b|", step: .seconds(1)) {
  ///   print(letter)
  /// }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    let sequence: MarbleSequence
    let record: IterationRecord
    var index = 0
    var start: TestClock.Instant?

    /// The next element at its step; `nil` after `|`, or when the task is cancelled.
    ///
    /// ```swift
    /// var letters = clock.marbles("ab|", step: .seconds(1)).makeAsyncIterator()
    /// let first = try await letters.next()   // "a", at once
    /// ```
    public mutating func next() async throws(MarbleFailure) -> Element? {
      try await next(isolation: nil)
    }

    /// The next element at its step; `nil` after `|`, or when the task is cancelled.
    ///
    /// ```swift
    /// for try await query in clock.marbles("a-b|", step: .seconds(1)) {
    ///   print(query)
    /// }
    /// ```
    public mutating func next(isolation actor: isolated (any Actor)?) async throws(MarbleFailure)
      -> Element?
    {
      // Where the diagram's step 0 lies for this iteration: its own start, or a hot one's origin.
      let start: TestClock.Instant
      if let origin = self.start {
        start = origin
      } else {
        let startedAt = record.started()
        index = sequence.firstEvent(forIterationStartingAt: startedAt)
        start = sequence.hotOrigin ?? startedAt
        self.start = start
      }
      guard !record.hasEnded else { return nil }
      guard !Task.isCancelled else { return end(.cancelled) }
      guard index < sequence.events.count else {
        await waitUntilCancelled()
        return end(.cancelled)
      }
      let (step, event) = sequence.events[index]
      // A product past the last instant saturates to it, rather than trapping.
      let due = start.advanced(by: sequence.step.times(step))
      if sequence.clock.now < due {
        do {
          try await sequence.clock.sleep(until: due)
        } catch {
          return end(.cancelled)
        }
      }
      index += 1
      switch event {
      case .element(let element): return element
      case .finish: return end(.finished)
      case .failure:
        _ = end(.failed)
        throw MarbleFailure(step: step, value: sequence.errorValue)
      }
    }

    private func end(_ ending: MarbleIteration.Ending) -> Element? {
      record.end(ending)
      return nil
    }
  }
}

extension MarbleSequence {
  /// The first event an iteration starting at `startedAt` plays: the first, for a cold diagram;
  /// for a hot one, the first due at `startedAt` or later, or the ending when it came before.
  func firstEvent(forIterationStartingAt startedAt: TestClock.Instant) -> Int {
    guard let hotOrigin else { return 0 }
    return events.firstIndex { step, event in
      if case .element = event {
        return hotOrigin.advanced(by: self.step.times(step)) >= startedAt
      }
      return true
    } ?? events.count
  }
}

/// Suspends until the task is cancelled, without a sleeper on any clock: a diagram with no
/// ending leaves nothing for `run()` or `marbles(of:)` to advance to.
private func waitUntilCancelled() async {
  let parked = Mutex(CancellableWait.idle)
  await waitCancellably(
    park: { continuation in parked.withLock { $0.park(continuation) } },
    cancel: { parked.withLock { $0.cancel() } })
}
