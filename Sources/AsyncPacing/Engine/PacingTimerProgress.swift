/// Whether a timer task's wake-ups bring its deadline closer, so that no clock can make it spin
/// (<doc:PacingContract>, "Clocks that misbehave").
///
/// A wake-up before the deadline is normal (a chunk of a far deadline, a clock that wakes
/// early): the timer sleeps again for the rest. It counts as progress only when `now` reached the
/// instant the sleep asked for (a far deadline's chunk end included), or moved by at least half
/// the time that remained to it; otherwise, and whenever the clock's sleep threw, it is a
/// *stall*: a clock whose `sleep` returns early while its `now` creeps on by slivers does not
/// make the timer sleep millions of times. After each stall the next sleep runs past the
/// deadline by an amount that doubles from the clock's minimum resolution, so that a clock whose
/// `now` is coarser than its sleeps catches up; after ``stallLimit`` stalls in a row the timer
/// gives up on the deadline until the machine's next event.
@usableFromInline
struct PacingTimerProgress<Instant: PacingInstant>: Sendable {
  /// How many stalls in a row make the timer give up.
  @inlinable
  static var stallLimit: Int { 32 }

  @usableFromInline var stalls = 0
  /// Where the current sleep started, and the instant it asked for.
  @usableFromInline var sleep: (from: Instant, asked: Instant)?

  @inlinable
  init() {}

  /// A sleep starts at `now`, asking for `asked`.
  @inlinable
  mutating func sleeps(from now: Instant, asking asked: Instant) {
    sleep = (now, asked)
  }

  /// Records a wake-up toward `deadline`; `true` if the timer must give up. `now` is the
  /// machine's instant (never earlier than one it saw before); `reading` is the clock's own, which
  /// judges the progress against the sleep's own start: a clock that jumped back below the
  /// machine's time must not look as if it moved.
  @inlinable
  mutating func recordWake(
    at now: Instant, reading: Instant, toward deadline: Instant, sleepFailed: Bool
  ) -> Bool {
    guard now < deadline else {
      stalls = 0
      return false
    }
    stalls = !sleepFailed && madeProgress(at: reading) ? 0 : stalls + 1
    return stalls >= Self.stallLimit
  }

  /// Whether `now` reached the instant the sleep asked for, or half the way to it.
  @inlinable
  func madeProgress(at now: Instant) -> Bool {
    guard let (from, asked) = sleep else {
      assertionFailure("a wake-up without a sleep recorded (`sleeps(from:asking:)`)")
      return false
    }
    guard now < asked else { return true }
    guard from < now else { return false }
    // At least as far from the start as from the instant asked for: half the way, or more.
    return now.duration(since: from) >= asked.duration(since: now)
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
