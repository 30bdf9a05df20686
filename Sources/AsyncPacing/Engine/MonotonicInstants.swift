/// The latest instant handed to a machine.
///
/// Threads read the clock before they take the lock, so their readings can reach the machine
/// out of order; clamping each one to the latest keeps the machine's time monotonic.
@usableFromInline
struct MonotonicInstants<Instant: PacingInstant>: Sendable {
  @usableFromInline var latest: Instant?

  @inlinable
  init() {}

  @inlinable
  mutating func clamp(_ instant: Instant) -> Instant {
    guard let latest, instant < latest else {
      latest = instant
      return instant
    }
    return latest
  }
}
