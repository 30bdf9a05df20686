import Synchronization

/// A wake-up a clock holds for AsyncPacing (``PacingHost/wake(at:fromWakeUp:_:)``), and how to
/// withdraw it.
///
/// ```swift
/// let id = timeline.add(deadline, fire)
/// return PacingWakeUp { timeline.remove(id) }
/// ```
public final class PacingWakeUp: Sendable {
  private let withdraw: @Sendable () -> Void
  private let withdrawn = Atomic<Bool>(false)

  /// A wake-up that `withdraw` takes off the clock's timeline.
  ///
  /// ```swift
  /// PacingWakeUp { timeline.remove(id) }
  /// ```
  public init(withdraw: @escaping @Sendable () -> Void) {
    self.withdraw = withdraw
  }

  /// Takes the wake-up off the clock's timeline: its `fire` is not called, unless it has been
  /// already, or the clock took it as due just before. Only the first call withdraws.
  ///
  /// ```swift
  /// wakeUp.cancel()
  /// ```
  public func cancel() {
    guard !withdrawn.exchange(true, ordering: .relaxed) else { return }
    withdraw()
  }
}

extension PacingHost {
  /// None: the timers of the work timed by this clock are tasks sleeping on it.
  ///
  /// ```swift
  /// let wakeUp = clock.wake(at: deadline, fromWakeUp: false) {}  // nil
  /// ```
  public func wake(
    at deadline: any InstantProtocol, fromWakeUp: Bool, _ fire: @escaping @Sendable () -> Void
  ) -> PacingWakeUp? {
    nil
  }
}
