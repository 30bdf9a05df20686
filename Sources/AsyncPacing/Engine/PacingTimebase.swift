/// The clock as a machine sees it: instants counted from the shell's origin, and sleeping
/// until one of them.
@usableFromInline
struct PacingTimebase<C: Clock>: Sendable {
  @usableFromInline typealias Instant = ElapsedInstant<C.Duration>

  @usableFromInline let clock: C
  /// The clock instant the machine's time counts from.
  @usableFromInline let origin: C.Instant
  @usableFromInline let tolerance: C.Duration?

  @inlinable
  init(clock: C, tolerance: C.Duration?) {
    self.clock = clock
    self.origin = clock.now
    self.tolerance = tolerance
  }

  /// The one clock reading an event costs.
  @inlinable
  var now: Instant { Instant(origin.duration(to: clock.now)) }

  /// Sleeps until `deadline`; `false` if the sleeping task was cancelled. Another error of
  /// the clock's only ends this sleep early: the machine decides whether its deadline was
  /// reached.
  @inlinable
  func sleep(until deadline: Instant) async -> Bool {
    do {
      try await clock.sleep(until: origin.advanced(by: deadline.sinceOrigin), tolerance: tolerance)
    } catch {
      if Task.isCancelled { return false }
    }
    return true
  }
}
