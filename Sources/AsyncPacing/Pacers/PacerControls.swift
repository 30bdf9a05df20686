import Synchronization

/// What ``Debouncer`` and ``Throttler`` hold of their shell: its operations as closures, so
/// that the public types do not depend on the machine or the clock they were made with. The
/// closures are formed where the machine and clock are known, so each is specialised for them:
/// a call through a protocol's witness runs the shell's generic code, measured here 150 times
/// slower per `send`.
///
/// The shell is made at the first `send`: a server may hold a pacer per connection and send
/// to few of them, and an idle pacer then keeps only its machine, clock and action (measured:
/// 319 bytes each, against 689 with the shell made at once; see <doc:Performance>). What must
/// be decided when the pacer is made is decided here: the instant its time counts from, the
/// clock's shared timer (a host's scope is read then), and a host's hearing of main-actor work.
@usableFromInline
struct PacerControls<Value: Sendable>: ~Copyable, Sendable {
  /// The made shell, retained here once: `AtomicLazyReference` did the same, but its `load` is
  /// a generic call into the Synchronization library, which doubled the cost of a `send`.
  @usableFromInline let made = Atomic<Unmanaged<MadePacerShell<Value>>?>(nil)
  @usableFromInline let make: @Sendable () -> MadePacerShell<Value>

  /// The controls of a pacer made on a clock the caller chose: a real clock chosen inside a
  /// host's scope keeps real time there, and the host hears of it.
  @inlinable
  init<Machine: CallbackPacingMachine, C: Clock>(
    chosenClock clock: C, machine: Machine, tolerance: C.Duration?,
    cancelsRunningAction: Bool, action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) where Machine.Output == Value, Machine.Instant == ElapsedInstant<C.Duration> {
    noteRealClockChoice(of: clock, by: "\(Machine.pacerName)(for:clock:)")
    self.init(
      clock: clock, machine: machine, tolerance: tolerance,
      cancelsRunningAction: cancelsRunningAction, action: action)
  }

  @inlinable
  init<Machine: CallbackPacingMachine, C: Clock>(
    clock: C, machine: Machine, tolerance: C.Duration?, cancelsRunningAction: Bool,
    action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) where Machine.Output == Value, Machine.Instant == ElapsedInstant<C.Duration> {
    // Settling main-actor work is the host's to arrange, once it knows that some takes part.
    if let host = clock as? any PacingHost, let actor = action.isolation,
      actor === MainActor.shared
    {
      host.mainActorWorkJoined()
    }
    let sharedTimer = SharedPacingTimer<C>.forNewShell(tolerance: tolerance)
    // Time counts from here, as it did when the shell was made with the pacer: a duration that
    // saturates the clock's range does so from the same instant.
    let origin = clock.now
    make = {
      MadePacerShell(
        PacerShell(
          machine: machine, clock: clock, origin: origin, tolerance: tolerance,
          cancelsRunningAction: cancelsRunningAction, action: action,
          // A test library may have begun taking started tasks since: a first `send` in its
          // test then starts a timer task the test takes.
          sharedTimer: PacingDefaults.takesStartedTasks ? nil : sharedTimer))
    }
  }

  deinit {
    made.load(ordering: .acquiring)?.release()
  }

  /// The shell's operations, if a `send` made it.
  @inlinable
  var shell: MadePacerShell<Value>? { made.load(ordering: .acquiring)?.takeUnretainedValue() }

  @inlinable
  func send(_ value: Value) {
    guard let shell = made.load(ordering: .acquiring) else {
      makeShell().send(value)
      return
    }
    // Released only when these controls end, which no call outlives.
    shell._withUnsafeGuaranteedRef { $0.send(value) }
  }

  /// Makes the shell at the first `send`. Two first sends may race: one shell is kept, and the
  /// other, never used, is dropped.
  @inlinable @inline(never)
  func makeShell() -> MadePacerShell<Value> {
    let new = Unmanaged.passRetained(make())
    let (stored, kept) = made.compareExchange(
      expected: nil, desired: new, ordering: .acquiringAndReleasing)
    if stored { return new.takeUnretainedValue() }
    new.release()
    // Not stored: another send stored its shell first, which `kept` is.
    return kept.unsafelyUnwrapped.takeUnretainedValue()
  }

  @inlinable
  func flush() { shell?.flush() }

  /// Drops what waits and cancels the running action; with `release`, nothing runs any more.
  @inlinable
  func cancel(_ release: Bool) { shell?.cancel(release) }

  @inlinable
  func isPending() -> Bool { shell?.isPending() ?? false }
}

/// A made shell's operations, in a class so that ``PacerControls`` can store them once,
/// atomically.
@usableFromInline
final class MadePacerShell<Value: Sendable>: Sendable {
  @usableFromInline let send: @Sendable (Value) -> Void
  @usableFromInline let flush: @Sendable () -> Void
  @usableFromInline let cancel: @Sendable (_ release: Bool) -> Void
  @usableFromInline let isPending: @Sendable () -> Bool

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
        clock: ContinuousClock(), machine: machine, tolerance: tolerance,
        cancelsRunningAction: cancelsRunningAction, action: action)
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
      clock: standIn, machine: machine, tolerance: tolerance,
      cancelsRunningAction: cancelsRunningAction, action: action)
  }
}
