/// What ``Debouncer`` and ``Throttler`` hold of their shell: its operations as closures, so
/// that the public types do not depend on the machine or the clock they were made with.
@usableFromInline
struct PacerControls<Value: Sendable>: Sendable {
  @usableFromInline let send: @Sendable (Value) -> Void
  @usableFromInline let flush: @Sendable () -> Void
  /// Drops what waits and cancels the running action; with `release`, nothing runs any more.
  @usableFromInline let cancel: @Sendable (_ release: Bool) -> Void
  @usableFromInline let isPending: @Sendable () -> Bool

  /// The controls of a pacer made on a clock the caller chose: a real clock chosen inside a
  /// host's scope keeps real time there, and the host hears of it.
  @inlinable
  init<Machine, C>(chosenClock shell: PacerShell<Machine, C>) where Machine.Output == Value {
    noteRealClockChoice(of: shell.timebase.clock, by: "\(Machine.pacerName)(for:clock:)")
    self.init(shell)
  }

  @inlinable
  init<Machine, C>(_ shell: PacerShell<Machine, C>) where Machine.Output == Value {
    send = { shell.send($0) }
    flush = { shell.flush() }
    cancel = { shell.cancel(release: $0) }
    isPending = { shell.isPending }
  }
}

extension PacerControls {
  /// The controls of a pacer made without a clock: on the continuous clock, or inside a host's
  /// scope on the host (``PacingDefaults/clock``). Both measure `Duration`, so one machine serves
  /// either, and deciding here, once, spares each `send` a look for the clock.
  @inlinable
  init<Machine: CallbackPacingMachine>(
    onDefaultClock machine: Machine, tolerance: Duration?, cancelsRunningAction: Bool,
    action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) where Machine.Output == Value, Machine.Instant == ElapsedInstant<Duration> {
    if let standIn = StandInClock.ofScope {
      self = Self(
        onStandIn: standIn, machine: machine, tolerance: tolerance,
        cancelsRunningAction: cancelsRunningAction, action: action)
    } else {
      self.init(
        PacerShell(
          machine: machine, clock: ContinuousClock(), tolerance: tolerance,
          cancelsRunningAction: cancelsRunningAction, action: action))
    }
  }

  /// The controls of a pacer made without a clock inside a host's scope, left unoptimized so
  /// that no shell is specialised for the stand-in in the app's code (see
  /// `PacedUpstream.openIteration(running:on:)`).
  @usableFromInline @_optimize(none)
  init<Machine: CallbackPacingMachine>(
    onStandIn standIn: StandInClock<Duration>, machine: Machine, tolerance: Duration?,
    cancelsRunningAction: Bool, action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) where Machine.Output == Value, Machine.Instant == ElapsedInstant<Duration> {
    self.init(
      PacerShell(
        machine: machine, clock: standIn, tolerance: tolerance,
        cancelsRunningAction: cancelsRunningAction, action: action))
  }
}
