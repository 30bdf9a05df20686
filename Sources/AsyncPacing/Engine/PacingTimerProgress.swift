/// Whether a timer task's wake-ups bring its deadline closer, so that no clock can make it spin
/// (<doc:PacingContract>, "Clocks that misbehave").
///
/// A wake-up before the deadline is normal (a chunk of a far deadline, a clock that wakes
/// early): the timer sleeps again for the rest. It is a *stall* when the clock's sleep threw,
/// or when `now` did not move since the previous wake-up. After each stall the next sleep runs
/// past the deadline by an amount that doubles from the clock's minimum resolution, so that a
/// clock whose `now` is coarser than its sleeps catches up; after ``stallLimit`` stalls in a
/// row the timer gives up on the deadline until the machine's next event.
@usableFromInline
struct PacingTimerProgress<Instant: PacingInstant>: Sendable {
  /// How many stalls in a row make the timer give up.
  @inlinable
  static var stallLimit: Int { 32 }

  @usableFromInline var stalls = 0
  @usableFromInline var previousWake: Instant?

  @inlinable
  init() {}

  /// Records a wake-up at `now` toward `deadline`; `true` if the timer must give up.
  @inlinable
  mutating func recordWake(at now: Instant, toward deadline: Instant, sleepFailed: Bool) -> Bool {
    defer { previousWake = now }
    guard now < deadline else {
      stalls = 0
      return false
    }
    let moved = previousWake.map { $0 < now } ?? true
    stalls = sleepFailed || !moved ? stalls + 1 : 0
    return stalls >= Self.stallLimit
  }

  /// How far past the deadline the next sleep runs: nothing unless the last wake-up stalled.
  ///
  /// With `Swift.Duration`, a clock that claims no resolution gets one nanosecond, and the
  /// amount saturates at the longest `Duration`; another duration type gets its resolution
  /// times the factor, by its own `*`.
  @inlinable
  func overshoot(resolution: Instant.Duration) -> Instant.Duration {
    guard stalls > 0 else { return .zero }
    let factor = 1 << (stalls - 1)
    guard Instant.Duration.self == Swift.Duration.self else { return resolution * factor }
    let claimed = unsafeBitCast(resolution, to: Swift.Duration.self)
    let step = claimed > .zero ? claimed : .nanoseconds(1)
    let (product, overflow) = step.attoseconds.multipliedReportingOverflow(by: Int128(factor))
    let amount = Swift.Duration(attoseconds: overflow ? .max : product)
    return unsafeBitCast(amount, to: Instant.Duration.self)
  }
}
