/// The sampling rules of <doc:PacingContract> ("Sample") as a pure state machine.
///
/// Ticks fall at `origin + k·interval`, k = 1, 2, …, the origin being the iteration's first
/// `next()`. The latest element that arrived in `[previous tick, tick)` is emitted at the tick:
/// an element exactly at a tick belongs to the next period. Ticks are computed, not slept
/// through: the machine asks for a deadline only while an element is pending, and an idle
/// stretch leaves the phase alone.
@usableFromInline
struct SampleMachine<Element: Sendable, Instant: PacingInstant>: ElementPacingMachine,
  PendingElementMachine
{
  @usableFromInline typealias Output = Element
  @usableFromInline typealias Actions = PacingActions<Element, Instant>

  /// The element the next tick emits.
  @usableFromInline
  struct Pending: Sendable {
    @usableFromInline let element: Element
    /// The tick that emits it: never, when that tick lies beyond the last instant there is, so
    /// that only the finish emits it.
    @usableFromInline let tick: PeriodEnd<Instant>

    @inlinable
    init(_ element: Element, tick: PeriodEnd<Instant>) {
      self.element = element
      self.tick = tick
    }
  }

  @usableFromInline let interval: Instant.Duration
  /// Whether an event came, which fixes the origin, and the element the next tick emits.
  @usableFromInline
  enum Progress: Sendable {
    /// No event yet: the first `next()` may still move the origin.
    case awaitingFirstEvent
    case sampling(pending: Pending?)
  }

  /// The ticks, from the origin.
  @usableFromInline var grid: FixedPeriodGrid<Instant>
  @usableFromInline var progress = Progress.awaitingFirstEvent

  @inlinable
  init(interval: Instant.Duration, origin: Instant) {
    self.interval = interval
    self.grid = FixedPeriodGrid(interval: interval, origin: origin)
  }

  @inlinable
  static var tracksIterationStart: Bool { true }

  /// The ticks count from the first `next()`, unless an event came first (a machine driven
  /// directly, whose origin is the one it was made with).
  @inlinable
  mutating func iterationStarted(at now: Instant) {
    guard case .awaitingFirstEvent = progress else { return }
    grid = FixedPeriodGrid(interval: interval, origin: now)
  }

  @inlinable
  var wakeAt: Instant? {
    if case .sampling(let pending?) = progress, case .at(let tick) = pending.tick {
      tick
    } else {
      nil
    }
  }

  @inlinable
  mutating func elementArrived(_ element: Element, at now: Instant) -> Actions {
    var actions = Actions(.idle)
    emitPendingIfDue(at: now, into: &actions)
    let tick = tick(after: now)
    progress = .sampling(pending: Pending(element, tick: PeriodEnd(tick)))
    actions.next = .waking(at: tick)
    return actions
  }

  @inlinable
  mutating func emitPending(dueAt instant: Instant, into actions: inout Actions) {
    guard case .sampling(let pending?) = progress else { return }
    progress = .sampling(pending: nil)
    actions.emit(pending.element, dueAt: instant)
  }

  @inlinable
  mutating func dropPendingElement() {
    guard case .sampling(_?) = progress else { return }
    progress = .sampling(pending: nil)
  }

  @inlinable
  mutating func tick(after now: Instant) -> Instant? {
    grid.tick(after: now)
  }
}
