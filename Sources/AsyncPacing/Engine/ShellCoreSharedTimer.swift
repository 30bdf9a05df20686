/// A shell's side of the timer its real clock shares (``SharedPacingTimer``): registering its
/// deadline, and hearing it fall due.
extension ShellCore {
  /// The shared timer found the deadline registered as `generation` due: the machine gets it,
  /// and the shell registers its next one. A real clock's sleep always brings the deadline
  /// closer, so no stall is counted.
  @inlinable
  func sharedTimerFired(generation: UInt64) {
    var progress = PacingTimerProgress<Instant>()
    guard let shared = sharedTimer,
      case .sleep(let next) = timerWoke(
        generation: generation, sleepFailed: false, progress: &progress, ownTask: false)
    else { return }
    register(next, generation: generation, in: shared)
  }

  @inlinable
  func register(_ deadline: Instant, generation: UInt64, in shared: SharedTimerUse<C>) {
    shared.timer.register(
      deadline.sinceOrigin, from: timebase.origin, generation: generation, of: shared.entry
    ) { self.sharedTimerFired(generation: $0) }
  }
}
