/// What ``Debouncer`` and ``Throttler`` hold of their shell: its operations as closures, so
/// that the public types do not depend on the machine or the clock they were made with.
@usableFromInline
struct PacerControls<Value: Sendable>: Sendable {
  @usableFromInline let send: @Sendable (Value) -> Void
  @usableFromInline let flush: @Sendable () -> Void
  /// Drops what waits and cancels the running action; with `release`, nothing runs any more.
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
