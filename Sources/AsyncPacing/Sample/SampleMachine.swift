/// The sampling rules of <doc:PacingContract> ("Sample") as a pure state machine.
///
/// Ticks fall at `origin + k·interval`, k = 1, 2, …, the origin being the iteration's first
/// `next()`. The latest element that arrived in `[previous tick, tick)` is emitted at the tick:
/// an element exactly at a tick belongs to the next period. Ticks are computed, not slept
/// through: the machine asks for a deadline only while an element is pending, and an idle
/// stretch leaves the phase alone.
@usableFromInline
struct SampleMachine<Element: Sendable, Instant: PacingInstant>: PacingMachine {
  @usableFromInline typealias Output = Element
  @usableFromInline typealias Actions = PacingActions<Element, Instant>

  @usableFromInline let interval: Instant.Duration
  /// A tick at or before every instant the machine has seen (at first, the origin): the point
  /// from which the next tick is found.
  @usableFromInline var lastTick: Instant
  @usableFromInline var hasSeenAnEvent = false
  @usableFromInline var pending: Element?
  /// The tick that emits `pending`; `nil` when that tick lies beyond the last instant there is,
  /// so that only the finish emits it.
  @usableFromInline var pendingTick: Instant?
  @usableFromInline var hasEnded = false

  @inlinable
  init(interval: Instant.Duration, origin: Instant) {
    self.interval = interval
    self.lastTick = origin
  }

  @inlinable
  static var tracksIterationStart: Bool { true }

  /// The ticks count from the first `next()`, unless an event came first (a machine driven
  /// directly, whose origin is the one it was made with).
  @inlinable
  mutating func iterationStarted(at now: Instant) {
    guard !hasSeenAnEvent else { return }
    lastTick = now
  }

  @inlinable
  var wakeAt: Instant? { pending == nil ? nil : pendingTick }

  @inlinable
  mutating func elementArrived(_ element: Element, at now: Instant) -> Actions {
    var actions = Actions()
    hasSeenAnEvent = true
    guard !hasEnded else { return actions }
    emitPendingIfDue(at: now, into: &actions)
    pending = element
    pendingTick = tick(after: now)
    actions.wakeAt = wakeAt
    return actions
  }

  /// A sample never folds asynchronously: no shell answers a fold it never asks for.
  @inlinable
  mutating func foldFinished(_ value: Element, at now: () -> Instant, mayLend: Bool) -> Actions {
    var actions = Actions()
    actions.wakeAt = wakeAt
    return actions
  }

  @inlinable
  mutating func deadlineReached(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    emitPendingIfDue(at: now, into: &actions)
    actions.wakeAt = wakeAt
    return actions
  }

  /// The tick at the finish's instant comes first, then what arrived since, at once: the last
  /// value is never lost.
  @inlinable
  mutating func upstreamFinished(at now: Instant) -> Actions {
    var actions = Actions()
    hasSeenAnEvent = true
    guard !hasEnded else { return actions }
    emitPendingIfDue(at: now, into: &actions)
    if let element = pending.take() { actions.emit(element, dueAt: now) }
    end(.finish, into: &actions)
    return actions
  }

  /// The tick at the error's instant comes first; an element of the period the error cuts
  /// short is dropped.
  @inlinable
  mutating func upstreamFailed(at now: Instant) -> Actions {
    var actions = Actions()
    hasSeenAnEvent = true
    guard !hasEnded else { return actions }
    emitPendingIfDue(at: now, into: &actions)
    end(.failure, into: &actions)
    return actions
  }

  /// The pending element waits for a later tick's element to replace it, or for the finish.
  @inlinable
  mutating func deadlineUnreachable(at now: Instant) -> Actions {
    Actions()
  }

  @inlinable
  mutating func emitPendingIfDue(at now: Instant, into actions: inout Actions) {
    guard pending != nil, let due = pendingTick, due <= now else { return }
    actions.emit(pending.take()!, dueAt: due)
  }

  /// The first tick after `now`, or `nil` if it lies beyond the last instant there is. It
  /// moves `lastTick` to the last tick at or before `now` by doubling jumps, so a long idle
  /// stretch costs a few steps, not one per tick, and needs no division, which a generic
  /// duration may not offer exactly.
  @inlinable
  mutating func tick(after now: Instant) -> Instant? {
    guard let next = lastTick.after(interval) else { return nil }
    guard next <= now else { return next }
    // Grow the jump while twice it still lands at or before `now`, measured from `now` back, so
    // that no sum can pass the duration type's range even when the next tick is near its end.
    var jump = interval
    while let once = lastTick.after(jump), once <= now, jump <= now.duration(since: once) {
      jump += jump
    }
    // Then take each halving that still lands at or before `now`: the largest multiple.
    while jump >= interval {
      if let landing = lastTick.after(jump), landing <= now { lastTick = landing }
      guard jump > interval else { break }
      jump = jump / 2
    }
    return lastTick.after(interval)
  }

  @inlinable
  mutating func end(_ ending: PacingEnding, into actions: inout Actions) {
    pending = nil
    hasEnded = true
    actions.ending = ending
  }
}
