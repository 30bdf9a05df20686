/// The debounce rules of <doc:PacingContract> ("Debounce") as a pure state machine.
///
/// An element that is not emitted at a leading edge becomes the pending element; it is
/// emitted when its quiet period `[arrival, arrival + interval)` ends, or when the `maxWait`
/// bound started by the first pending element since the last emission is reached, whichever
/// comes first. The interval is fixed, or each element's own (`Intervals`). The pending element
/// is always the latest arrival: a leading emission needs the previous element's quiet period
/// to be over, and that end has already emitted any earlier pending element.
@usableFromInline
struct DebounceMachine<Element: Sendable, Instant: PacingInstant, Intervals: PacingIntervals>:
  PacingMachine
where Intervals.Value == Element, Intervals.Duration == Instant.Duration {
  @usableFromInline typealias Output = Element
  @usableFromInline typealias Actions = PacingActions<Element, Instant>

  @usableFromInline let configuration: DebounceConfiguration<Instant.Duration>
  @usableFromInline let intervals: Intervals
  @usableFromInline var hasSeenAnElement = false
  /// The end of the latest element's quiet period; `nil` for one that never ends.
  @usableFromInline var quietEnd: Instant?
  @usableFromInline var pending: Element?
  /// When the pending element must be emitted even if elements keep arriving.
  @usableFromInline var maxWaitDeadline: Instant?
  @usableFromInline var hasEnded = false

  @inlinable
  init(_ configuration: DebounceConfiguration<Instant.Duration>, intervals: Intervals) {
    self.configuration = configuration
    self.intervals = intervals
  }

  /// When the pending element falls due, if there is one and its quiet period or `maxWait`
  /// bound ends at all: a deadline beyond what the instant can represent never comes, and the
  /// element waits for a newer one, a flush or the finish.
  @inlinable @inline(__always)
  var deadline: Instant? {
    guard pending != nil, hasSeenAnElement else { return nil }
    guard let quietEnd else { return maxWaitDeadline }
    guard let maxWaitDeadline else { return quietEnd }
    return min(quietEnd, maxWaitDeadline)
  }

  @inlinable @inline(__always)
  mutating func elementArrived(_ element: Element, at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    emitPendingIfDue(at: now, into: &actions)
    // A quiet period that never ends is never over.
    let isLeadingEdge = !hasSeenAnElement || quietEnd.map { now >= $0 } ?? false
    hasSeenAnElement = true
    quietEnd = now.after(intervals.interval(for: element))
    if isLeadingEdge && configuration.emitsLeading {
      actions.emit(element, dueAt: now)
    } else if configuration.emitsTrailing {
      if pending == nil, let maxWait = configuration.maxWait {
        maxWaitDeadline = now.after(maxWait)
      }
      pending = element
      // A zero interval makes the element due at its own arrival.
      emitPendingIfDue(at: now, into: &actions)
    }
    actions.wakeAt = deadline
    return actions
  }

  /// A debounce's fold takes the element, which it does itself: it never sets a
  /// `foldRequest`, so no shell answers one, and an answer would change nothing.
  @inlinable
  mutating func foldFinished(_ value: Element, at now: () -> Instant, mayLend: Bool) -> Actions {
    var actions = Actions()
    actions.wakeAt = deadline
    return actions
  }

  @inlinable
  mutating func deadlineReached(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    emitPendingIfDue(at: now, into: &actions)
    actions.wakeAt = deadline
    return actions
  }

  @inlinable
  mutating func upstreamFinished(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    emitPendingIfDue(at: now, into: &actions)
    emitPending(dueAt: now, into: &actions)
    end(.finish, into: &actions)
    return actions
  }

  /// A debounce emits its pending element at the finish anyway, and a pacer's at a flush: a
  /// timer that gave up only stops asking for the deadline until the next event.
  @inlinable
  mutating func deadlineUnreachable(at now: Instant) -> Actions {
    Actions()
  }

  @inlinable
  mutating func upstreamFailed(at now: Instant) -> Actions {
    var actions = Actions()
    guard !hasEnded else { return actions }
    emitPendingIfDue(at: now, into: &actions)
    end(.failure, into: &actions)
    return actions
  }

  /// Emits the pending element at its deadline if that deadline is not after `now`.
  @inlinable
  mutating func emitPendingIfDue(at now: Instant, into actions: inout Actions) {
    guard let due = deadline, due <= now else { return }
    emitPending(dueAt: due, into: &actions)
  }

  /// Emits the pending element, if any. The quiet period is left alone: only arrivals move it.
  @inlinable
  mutating func emitPending(dueAt instant: Instant, into actions: inout Actions) {
    guard let element = pending.take() else { return }
    maxWaitDeadline = nil
    actions.emit(element, dueAt: instant)
  }

  /// A pacer's cancel: the pending element goes, with its `maxWait` bound; the quiet period
  /// stays, so the next element is a leading edge only once it has passed.
  @inlinable
  mutating func dropPendingElement() {
    pending = nil
    maxWaitDeadline = nil
  }

  /// Drops whatever is pending: after the end nothing more is emitted.
  @inlinable
  mutating func end(_ ending: PacingEnding, into actions: inout Actions) {
    dropPendingElement()
    hasEnded = true
    actions.ending = ending
  }
}

/// Debounce with one interval for every element.
@usableFromInline
typealias FixedDebounceMachine<Element: Sendable, Instant: PacingInstant> = DebounceMachine<
  Element, Instant, FixedInterval<Element, Instant.Duration>
>

extension DebounceMachine where Intervals == FixedInterval<Element, Instant.Duration> {
  @inlinable
  init(_ configuration: DebounceConfiguration<Instant.Duration>) {
    self.init(configuration, intervals: FixedInterval(configuration.interval))
  }
}
