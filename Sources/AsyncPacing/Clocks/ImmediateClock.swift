/// A clock whose sleeps return at once, moving its `now` to their deadlines.
///
/// For previews, demos and tests that only need delays skipped: code that waits on the clock
/// runs straight through, and `now` tells how long it would have waited. Time never moves
/// backwards: a sleep until an instant already past changes nothing.
///
/// ```swift
/// let clock = ImmediateClock()
/// let splash = SplashModel(clock: clock)
/// await splash.showForThreeSeconds()  // returns at once
/// #expect(clock.now == ImmediateClock.Instant(offset: .seconds(3)))
/// ```
///
/// A sleep until any deadline returns at once, however far: the operators and pacers never
/// split a sleep on it into steps (``PacingHost/sleepsUntilAnyDeadline``).
///
/// With pacing, it skips the waiting, not the rules' effect on what comes out: a debounce or
/// throttle emits as soon as its timer task runs, and which elements that timer still finds
/// depends on how the reader and the timer were scheduled. Over a fast upstream the last element
/// always comes out, earlier ones may too. Use it to skip delays; to test pacing, use
/// `TestClock`.
///
/// ```swift
/// let (numbers, feed) = AsyncStream.makeStream(of: Int.self)
/// for number in 1...3 { feed.yield(number) }
/// feed.finish()
/// for await number in numbers.debounce(
///   for: .seconds(1), clock: ImmediateClock())
/// {
///   print(number)  // 3, perhaps after 1 or 2
/// }
/// ```
public final class ImmediateClock: Clock, PacingHost, Sendable {
  /// An instant of an ``ImmediateClock``: the time elapsed since the clock was created.
  ///
  /// ```swift
  /// #expect(clock.now.offset == .seconds(3))
  /// ```
  public typealias Instant = VirtualInstant

  private let current: LockedState<Instant>

  /// Creates a clock whose `now` starts at `now`.
  ///
  /// ```swift
  /// let clock = ImmediateClock()
  /// ```
  public init(now: Instant = Instant()) {
    current = LockedState(now)
  }

  /// The instant of the latest deadline slept until, or the start.
  ///
  /// ```swift
  /// try await clock.sleep(for: .seconds(2))
  /// #expect(clock.now.offset == .seconds(2))
  /// ```
  public var now: Instant { current.withLock { $0 } }

  /// Zero: a sleep ends exactly at its deadline.
  ///
  /// ```swift
  /// #expect(ImmediateClock().minimumResolution == .zero)
  /// ```
  public var minimumResolution: Duration { .zero }

  /// `true`: a sleep until any deadline returns at once.
  ///
  /// ```swift
  /// #expect(ImmediateClock().sleepsUntilAnyDeadline)
  /// ```
  public var sleepsUntilAnyDeadline: Bool { true }

  /// Moves `now` to `deadline` if that is later, and returns after one yield, so that a loop
  /// of sleeps still lets other tasks run. Throws `CancellationError` in a cancelled task.
  ///
  /// ```swift
  /// // returns at once
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(5)))
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { now in now = max(now, deadline) }
    await Task.yield()
  }
}

extension Clock where Self == ImmediateClock {
  /// A new ``ImmediateClock``, starting at offset zero.
  ///
  /// ```swift
  /// let splash = SplashModel(clock: .immediate)
  /// ```
  public static var immediate: ImmediateClock { ImmediateClock() }
}
