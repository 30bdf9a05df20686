/// A clock read and slept on in the caller's own task, with no internal task: the clock, or a
/// host's stand-in for a form without `clock:`. Its time counts from when it was made.
///
/// What waits here has nothing to do while it waits but wait: a tick (<doc:PacingContract>,
/// "Ticks"), the waiter at the head of a rate limiter's line, a retry's backoff. Each keeps the
/// progress rules of every timer (<doc:PacingContract>, "Clocks that misbehave").
@usableFromInline
struct InTaskTimebase<C: Clock>: Sendable {
  @usableFromInline typealias Instant = ElapsedInstant<C.Duration>

  /// A form without `clock:` in a host's scope: the host's time, which then is the time. First,
  /// so that its offset is fixed: the clock's own instant may be resilient, and a field after
  /// it is found through the type's metadata at run time.
  @usableFromInline let standIn: PacingTimebase<StandInClock<C.Duration>>?
  /// The clock's own time, read in place: a limiter's `tryAcquire` reads it on every call, and
  /// an enum of the two timebases was copied out, existentials and all, on each reading.
  @usableFromInline let own: PacingTimebase<C>

  /// The clock's own time, or the host's when `standIn` is given.
  @inlinable
  init(clock: C, standIn: StandInClock<C.Duration>?, tolerance: C.Duration?) {
    self.standIn = standIn.map { PacingTimebase(clock: $0, tolerance: tolerance) }
    readsStandIn = standIn != nil
    own = PacingTimebase(clock: clock, tolerance: tolerance)
  }

  /// Whether `standIn` is there, kept apart: asking the optional costs a call into its type's
  /// value witnesses on every reading, a fifth of a limiter's `tryAcquire`.
  @usableFromInline let readsStandIn: Bool

  @inlinable
  var now: Instant {
    readsStandIn ? standIn.unsafelyUnwrapped.now : own.now
  }

  /// Sleeps until `deadline`, in the calling task; `nil` is a deadline that never comes.
  /// Returns `true` once the time has come, `false` once the task is cancelled: a deadline that
  /// never comes, or that the clock gives up on, is waited for until then.
  @inlinable
  func sleep(until deadline: Instant?) async -> Bool {
    (try? await sleep(until: deadline, throwingClockErrors: false)) ?? false
  }

  /// ``sleep(until:)``; with `throwingClockErrors`, an error the clock's sleep throws while the
  /// task is not cancelled is thrown at once (a retry's backoff, as the proposal's `retry`
  /// throws it) instead of counting as a stall.
  @inlinable
  func sleep(until deadline: Instant?, throwingClockErrors: Bool) async throws -> Bool {
    guard let deadline else {
      await Self.waitForCancellation()
      return false
    }
    var progress = PacingTimerProgress<Instant>()
    while true {
      let now = self.now
      guard now < deadline else { return true }
      var failed = false
      do {
        if let standIn {
          progress.sleeps(from: now, asking: standIn.askedInstant(toward: deadline, from: now))
          let overshoot = progress.overshoot(resolution: standIn.minimumResolution)
          try await standIn.sleepThrowing(until: deadline, overshoot: overshoot)
        } else {
          progress.sleeps(from: now, asking: own.askedInstant(toward: deadline, from: now))
          let overshoot = progress.overshoot(resolution: own.minimumResolution)
          try await own.sleepThrowing(until: deadline, overshoot: overshoot)
        }
      } catch {
        if Task.isCancelled { return false }
        if throwingClockErrors { throw error }
        failed = true
      }
      let reading = self.now
      if progress.recordWake(at: reading, reading: reading, toward: deadline, sleepFailed: failed) {
        await Self.waitForCancellation()
        return false
      }
    }
  }

  /// Returns once the calling task is cancelled, at once if it already is.
  @usableFromInline
  static func waitForCancellation() async {
    let (never, ending) = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
      for await _ in never {}
    } onCancel: {
      ending.finish()
    }
  }
}
