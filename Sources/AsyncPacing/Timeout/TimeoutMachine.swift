/// The sequence timeout of <doc:PacingContract> ("Timeout") as a pure state machine.
///
/// It reads on demand: each `next()` asks the upstream for one element and starts the clock
/// (`consumerAsked`), and whatever the upstream brings first, at an instant before the
/// deadline, passes through. At the deadline's instant, or after it, the deadline wins
/// (half-open): the machine emits `.timedOut` and ends, and the shell cancels the upstream.
@usableFromInline
struct TimeoutMachine<Element: Sendable, Instant: PacingInstant>: ElementPacingMachine {
  @usableFromInline typealias Output = TimeoutOutput<Element, Instant>
  @usableFromInline typealias Actions = PacingActions<Output, Instant>

  @usableFromInline let interval: Instant.Duration
  /// When the upstream's time runs out: `nil` while no `next()` waits for it.
  @usableFromInline var deadline: PeriodEnd<Instant>?

  @inlinable
  init(interval: Instant.Duration) {
    self.interval = interval
  }

  @inlinable
  static var delivery: PacingDelivery { .onDemand }

  @inlinable
  mutating func consumerAsked(at now: Instant) -> Actions {
    let end = PeriodEnd(now.after(interval))
    deadline = end
    if case .at(let instant) = end { return Actions(.wake(at: instant)) }
    return Actions(.idle)
  }

  @inlinable
  mutating func elementArrived(_ element: Element, at now: Instant) -> Actions {
    if let timedOut = timedOut(at: now) { return timedOut }
    deadline = nil
    var actions = Actions(.idle)
    actions.emit(.element(element), dueAt: now)
    return actions
  }

  @inlinable
  mutating func deadlineReached(at now: Instant) -> Actions {
    if let timedOut = timedOut(at: now) { return timedOut }
    if case .at(let instant)? = deadline { return Actions(.wake(at: instant)) }
    return Actions(.idle)
  }

  /// A deadline the clock never brings closer never fires: the upstream still may.
  @inlinable
  mutating func deadlineUnreachable(at now: Instant) -> Actions {
    Actions(.idle)
  }

  @inlinable
  mutating func upstreamFinished(at now: Instant) -> Actions {
    timedOut(at: now) ?? Actions(.end(.finish))
  }

  @inlinable
  mutating func upstreamFailed(at now: Instant) -> Actions {
    timedOut(at: now) ?? Actions(.end(.failure))
  }

  /// The timeout's actions if a `next()` waits and its deadline is not after `now`.
  @inlinable
  func timedOut(at now: Instant) -> Actions? {
    guard case .at(let instant)? = deadline, instant <= now else { return nil }
    var actions = Actions(.end(.finish))
    actions.emit(.timedOut(deadline: instant), dueAt: now)
    return actions
  }
}

/// What a timeout's machine emits: an upstream element, or the end of the upstream's time.
@usableFromInline
enum TimeoutOutput<Element: Sendable, Instant: PacingInstant>: Sendable {
  case element(Element)
  case timedOut(deadline: Instant)
}
