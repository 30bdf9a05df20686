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
  ElementPacingMachine, PendingElementMachine
where Intervals.Value == Element, Intervals.Duration == Instant.Duration {
  @usableFromInline typealias Output = Element
  @usableFromInline typealias Actions = PacingActions<Element, Instant>

  /// Where a debounce stands.
  @usableFromInline
  enum DebouncePhase: Sendable {
    /// No element has arrived yet: the first one is a leading edge.
    case awaitingFirst
    /// The latest element's quiet period ends at `until`; `pending`, if any, is what its end
    /// (or the `maxWait` bound) emits.
    case quiet(until: PeriodEnd<Instant>, pending: Pending?)
  }

  /// The element that waits for the end of its quiet period.
  @usableFromInline
  struct Pending: Sendable {
    @usableFromInline let element: Element
    /// When it must be emitted even if elements keep arriving: set by the first pending element
    /// since the last emission; `nil` without `maxWait`, or when the bound lies beyond the last
    /// instant there is.
    @usableFromInline let maxWaitDeadline: Instant?

    @inlinable
    init(_ element: Element, maxWaitDeadline: Instant?) {
      self.element = element
      self.maxWaitDeadline = maxWaitDeadline
    }
  }

  @usableFromInline let configuration: DebounceConfiguration<Instant.Duration>
  @usableFromInline let intervals: Intervals
  @usableFromInline var phase = DebouncePhase.awaitingFirst

  @inlinable
  init(_ configuration: DebounceConfiguration<Instant.Duration>, intervals: Intervals) {
    self.configuration = configuration
    self.intervals = intervals
  }

  /// When the pending element falls due, if there is one and its quiet period or `maxWait`
  /// bound ends at all: a deadline beyond what the instant can represent never comes, and the
  /// element waits for a newer one, a flush or the finish.
  @inlinable @inline(__always)
  var wakeAt: Instant? {
    guard case .quiet(let quietEnd, let pending?) = phase else { return nil }
    guard case .at(let end) = quietEnd else { return pending.maxWaitDeadline }
    guard let maxWaitDeadline = pending.maxWaitDeadline else { return end }
    return min(end, maxWaitDeadline)
  }

  @inlinable @inline(__always)
  mutating func elementArrived(_ element: Element, at now: Instant) -> Actions {
    var actions = Actions(.idle)
    emitPendingIfDue(at: now, into: &actions)
    let quietEnd = PeriodEnd(now.after(intervals.interval(for: element)))
    let isLeadingEdge: Bool
    let pending: Pending?
    switch phase {
    case .awaitingFirst:
      isLeadingEdge = true
      pending = nil
    case .quiet(let previousEnd, let previousPending):
      // A quiet period that never ends is never over.
      isLeadingEdge = previousEnd.isOver(at: now)
      pending = previousPending
    }
    if isLeadingEdge && configuration.emitsLeading {
      // The previous quiet period is over, so its end emitted any pending element.
      phase = .quiet(until: quietEnd, pending: nil)
      actions.emit(element, dueAt: now)
    } else if configuration.emitsTrailing {
      let bound = pending.map(\.maxWaitDeadline) ?? configuration.maxWait.flatMap(now.after)
      phase = .quiet(until: quietEnd, pending: Pending(element, maxWaitDeadline: bound))
      // A zero interval makes the element due at its own arrival.
      emitPendingIfDue(at: now, into: &actions)
    } else {
      phase = .quiet(until: quietEnd, pending: nil)
    }
    actions.next = .waking(at: wakeAt)
    return actions
  }

  /// Emits the pending element, if any. The quiet period is left alone: only arrivals move it.
  @inlinable
  mutating func emitPending(dueAt instant: Instant, into actions: inout Actions) {
    guard case .quiet(let quietEnd, let pending?) = phase else { return }
    phase = .quiet(until: quietEnd, pending: nil)
    actions.emit(pending.element, dueAt: instant)
  }

  /// A pacer's cancel: the pending element goes, with its `maxWait` bound; the quiet period
  /// stays, so the next element is a leading edge only once it has passed.
  @inlinable
  mutating func dropPendingElement() {
    guard case .quiet(let quietEnd, _?) = phase else { return }
    phase = .quiet(until: quietEnd, pending: nil)
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
