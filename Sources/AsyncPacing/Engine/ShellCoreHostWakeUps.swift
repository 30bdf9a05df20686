/// A shell's side of a timer its clock's host keeps (``PacingHost/wake(at:fromWakeUp:_:)``): a
/// test clock's sleeper, which wakes the shell with no task of the shell's waiting for it.
extension ShellCore {
  /// The host, if it wakes this shell's timer: a clock that sleeps until any deadline (no far
  /// deadline is slept toward a chunk at a time) and may keep wake-ups.
  @inlinable
  var wakingHost: (any PacingHost)? {
    timebase.longestSleep == nil ? timebase.host : nil
  }

  /// Asks the host to wake timer number `generation` at `deadline`, as an event's deadline;
  /// `false` if it keeps no wake-ups, and a timer task must sleep instead.
  @inlinable
  func wakeThroughHost(_ host: any PacingHost, generation: UInt64, at deadline: Instant) -> Bool {
    guard
      let wakeUp = host.wake(
        at: timebase.origin.advanced(by: deadline.sinceOrigin), fromWakeUp: false,
        { self.hostWokeUp(generation: generation) })
    else { return false }
    let isCurrent = state.withLock { $0.timer.record(.wakeUp(wakeUp), generation: generation) }
    if !isCurrent { wakeUp.cancel() }
    return true
  }

  /// The host found the deadline of timer number `generation` due: the machine gets it, and
  /// the host is asked for the next wake-up, as a woken timer task would sleep again.
  @inlinable
  func hostWokeUp(generation: UInt64) {
    // Unused: a host wakes the shell at its deadline, so no stall is counted (`ownTask: false`).
    var progress = PacingTimerProgress<Instant>()
    var step = timerWoke(
      generation: generation, sleepFailed: false, progress: &progress, ownTask: false)
    while case .sleep(let next) = step {
      // Due already: handled now, as a timer task's sleep toward it would return at once.
      if next <= timebase.now {
        step = timerWoke(
          generation: generation, sleepFailed: false, progress: &progress, ownTask: false)
        continue
      }
      guard let host = timebase.host,
        let wakeUp = host.wake(
          at: timebase.origin.advanced(by: next.sinceOrigin), fromWakeUp: true,
          { self.hostWokeUp(generation: generation) })
      else {
        // The host keeps no more wake-ups: a timer task sleeps on.
        return startTimerTask(generation: generation, sleepingUntil: next)
      }
      let isCurrent = state.withLock { $0.timer.recordNext(wakeUp, generation: generation) }
      if !isCurrent { wakeUp.cancel() }
      return
    }
  }
}
