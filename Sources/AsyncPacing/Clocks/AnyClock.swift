/// A clock that stands for any clock with the same `Duration`: the type to store when a type
/// holds its clock as `any Clock<Duration>`.
///
/// The operators accept `any Clock<Duration>` and wrap it in an `AnyClock` themselves. Wrap a
/// clock yourself to keep one erased type:
///
/// ```swift
/// @MainActor final class SearchModel {
///   let clock: AnyClock<Duration>
///   init(clock: some Clock<Duration> = ContinuousClock()) {
///     self.clock = AnyClock(clock)
///   }
/// }
/// ```
///
/// It keeps what the wrapped clock says through the seam (``PacingHost``): a test clock wrapped
/// in an `AnyClock` still runs the operators' and pacers' internal tasks on its executor, so
/// tests stay exact.
/// Erasing costs a closure call per clock reading and per sleep; the Performance article has
/// the figure.
public final class AnyClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// An instant of an ``AnyClock``: the time elapsed since the clock was wrapped.
  ///
  /// ```swift
  /// let elapsed = start.duration(to: clock.now)
  /// ```
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the wrapped clock's `now` when it was wrapped.
    ///
    /// ```swift
    /// #expect(AnyClock(TestClock()).now.offset == .zero)
    /// ```
    public var offset: Duration

    /// Creates the instant that lies `offset` after the clock was wrapped.
    ///
    /// ```swift
    /// let deadline = AnyClock<Duration>.Instant(offset: .seconds(1))
    /// ```
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later (earlier for a negative duration). With `Swift.Duration`,
    /// the last (first) instant an offset can hold when that lies beyond it; another duration
    /// type's `+` decides for itself.
    ///
    /// ```swift
    /// let deadline = clock.now.advanced(by: .seconds(1))
    /// ```
    public func advanced(by duration: Duration) -> Instant {
      guard Duration.self == Swift.Duration.self else { return Instant(offset: offset + duration) }
      let sum = unsafeBitCast(offset, to: Swift.Duration.self).saturatingSum(
        unsafeBitCast(duration, to: Swift.Duration.self))
      return Instant(offset: unsafeBitCast(sum, to: Duration.self))
    }

    /// The time from this instant to `other`, negative when `other` is earlier.
    ///
    /// ```swift
    /// let elapsed = start.duration(to: clock.now)
    /// ```
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    ///
    /// ```swift
    /// #expect(start < clock.now)
    /// ```
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let offsetNow: @Sendable () -> Duration
  private let sleepUntilOffset: @Sendable (Duration, Duration?) async throws -> Void
  private let resolution: Duration
  /// The wrapped clock's host, if it is one.
  private let wrappedHost: (any PacingHost)?
  /// The wrapped host's wake-ups, at an offset turned into the wrapped clock's instant.
  private let wakeAtOffset:
    (@Sendable (Duration, Bool, @escaping @Sendable () -> Void) -> PacingWakeUp?)?
  /// The wrapped clock's type, when it is a real clock (`ContinuousClock`, `SuspendingClock`),
  /// directly or through another `AnyClock`: a host hears of it when it is chosen in its scope.
  let realClockName: String?

  /// Wraps `clock`; its `now`, read here, becomes the instant of offset zero.
  ///
  /// ```swift
  /// let clock = AnyClock(ContinuousClock())
  /// ```
  public init<Wrapped: Clock>(_ clock: Wrapped) where Duration == Wrapped.Duration {
    let start = clock.now
    offsetNow = { start.duration(to: clock.now) }
    sleepUntilOffset = { offset, tolerance in
      try await clock.sleep(until: start.advanced(by: offset), tolerance: tolerance)
    }
    resolution = clock.minimumResolution
    // An erased clock with no host to pass on is none: nothing to pass on again.
    let wrappedHost = (clock as? any PacingHost).flatMap { host in
      (host as? any PassingOnNoHost)?.passesOnNoHost == true ? nil : host
    }
    self.wrappedHost = wrappedHost
    if let wrappedHost {
      wakeAtOffset = { offset, fromWakeUp, fire in
        wrappedHost.wake(at: start.advanced(by: offset), fromWakeUp: fromWakeUp, fire)
      }
    } else {
      wakeAtOffset = nil
    }
    realClockName = realClockType(of: clock)
  }

  /// The wrapped clock's `now`, as the time since it was wrapped.
  ///
  /// ```swift
  /// let start = clock.now
  /// ```
  public var now: Instant { Instant(offset: offsetNow()) }

  /// The wrapped clock's minimum resolution.
  ///
  /// ```swift
  /// print(AnyClock(ContinuousClock()).minimumResolution)
  /// ```
  public var minimumResolution: Duration { resolution }

  /// Sleeps on the wrapped clock until `deadline`, throwing what it throws.
  ///
  /// ```swift
  /// try await clock.sleep(
  ///   until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepUntilOffset(deadline.offset, tolerance)
  }
}

extension AnyClock: PassingOnNoHost {
  @usableFromInline
  var passesOnNoHost: Bool { wrappedHost == nil }
}

/// The wrapped clock's host, passed on: its executor, its count of the internal tasks, its
/// notes.
extension AnyClock: PacingHost {
  /// The wrapped clock's.
  ///
  /// ```swift
  /// let erased = AnyClock(clock)  // a test clock: its executor
  /// ```
  public var preferredTaskExecutor: (any TaskExecutor)? { wrappedHost?.preferredTaskExecutor }

  /// The wrapped clock's.
  ///
  /// ```swift
  /// #expect(AnyClock(ImmediateClock()).sleepsUntilAnyDeadline)
  /// ```
  public var sleepsUntilAnyDeadline: Bool { wrappedHost?.sleepsUntilAnyDeadline ?? false }

  /// The wrapped clock's, at the instant `deadline` stands for there.
  ///
  /// ```swift
  /// let wakeUp = erased.wake(at: erased.now, fromWakeUp: false) {}
  /// ```
  public func wake(
    at deadline: any InstantProtocol, fromWakeUp: Bool, _ fire: @escaping @Sendable () -> Void
  ) -> PacingWakeUp? {
    guard let deadline = deadline as? Instant else { return nil }
    return wakeAtOffset?(deadline.offset, fromWakeUp, fire)
  }

  /// Passed to the wrapped clock.
  ///
  /// ```swift
  /// erased.internalTaskStarted()
  /// ```
  public func internalTaskStarted() { wrappedHost?.internalTaskStarted() }

  /// Passed to the wrapped clock.
  ///
  /// ```swift
  /// erased.internalTaskEnded()
  /// ```
  public func internalTaskEnded() { wrappedHost?.internalTaskEnded() }

  /// Passed to the wrapped clock.
  ///
  /// ```swift
  /// erased.mainActorWorkJoined()
  /// ```
  public func mainActorWorkJoined() { wrappedHost?.mainActorWorkJoined() }

  /// Passed to the wrapped clock.
  ///
  /// ```swift
  /// erased.iterationStarted()
  /// ```
  public func iterationStarted() { wrappedHost?.iterationStarted() }

  /// Passed to the wrapped clock.
  ///
  /// ```swift
  /// erased.realClockChosen("ContinuousClock", by: "debounce(for:clock:)")
  /// ```
  public func realClockChosen(_ clock: String, by api: String) {
    wrappedHost?.realClockChosen(clock, by: api)
  }

  /// Passed to the wrapped clock.
  ///
  /// ```swift
  /// erased.pacerReleasedHoldingValue("Debouncer<String>")
  /// ```
  public func pacerReleasedHoldingValue(_ pacer: String) {
    wrappedHost?.pacerReleasedHoldingValue(pacer)
  }
}
