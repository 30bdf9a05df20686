/// The rate limiting of <doc:PacingContract> ("Rate limiting") as a pure state machine.
///
/// It reads on demand: each `next()` asks the upstream for one element. An element that finds
/// a token comes out at once; one that finds none waits for the next token, and the upstream is
/// not asked again until it is out. The bucket fills at the first `next()`.
@usableFromInline
struct RateLimitMachine<Element: Sendable, Instant: PacingInstant>: ElementPacingMachine {
  @usableFromInline typealias Output = Element
  @usableFromInline typealias Actions = PacingActions<Element, Instant>

  @usableFromInline
  enum Phase: Sendable {
    /// No `next()` yet: the bucket fills at the first.
    case awaitingFirstAsk(permits: Int, interval: Instant.Duration, burst: Int)
    /// Elements pass as tokens allow; none waits.
    case ready(TokenBucket<Instant>)
    /// An element waits for the token arriving at `tokenAt`.
    case holding(Element, tokenAt: Instant, TokenBucket<Instant>)
    /// It waits for a token that never comes (past the last instant there is).
    case holdingForever(Element)
  }

  @usableFromInline var phase: Phase

  @inlinable
  init(permits: Int, per interval: Instant.Duration, burst: Int) {
    phase = .awaitingFirstAsk(permits: permits, interval: interval, burst: burst)
  }

  @inlinable
  static var delivery: PacingDelivery { .onDemand }

  @inlinable
  mutating func consumerAsked(at now: Instant) -> Actions {
    if case .awaitingFirstAsk(let permits, let interval, let burst) = phase {
      phase = .ready(TokenBucket(permits: permits, per: interval, burst: burst, origin: now))
    }
    return Actions(.idle)
  }

  @inlinable
  mutating func elementArrived(_ element: Element, at now: Instant) -> Actions {
    guard case .ready(var bucket) = phase else {
      preconditionFailure("an element arrived that no next() asked for")
    }
    if bucket.take(at: now) {
      phase = .ready(bucket)
      var actions = Actions(.idle)
      actions.emit(element, dueAt: now)
      return actions
    }
    guard let tokenAt = bucket.nextArrival else {
      phase = .holdingForever(element)
      return Actions(.idle)
    }
    phase = .holding(element, tokenAt: tokenAt, bucket)
    return Actions(.wake(at: tokenAt))
  }

  @inlinable
  mutating func deadlineReached(at now: Instant) -> Actions {
    guard case .holding(let element, let tokenAt, var bucket) = phase else { return Actions(.idle) }
    guard tokenAt <= now else { return Actions(.wake(at: tokenAt)) }
    // The element takes its token at the token's instant; those after it, up to a late
    // timer's `now`, fill the bucket behind it.
    _ = bucket.take(at: tokenAt)
    bucket.refill(at: now)
    phase = .ready(bucket)
    var actions = Actions(.idle)
    actions.emit(element, dueAt: tokenAt)
    return actions
  }

  /// A token the clock never brings closer (<doc:PacingContract>, "Clocks that misbehave")
  /// never comes: the element keeps waiting, until the iteration is cancelled.
  @inlinable
  mutating func deadlineUnreachable(at now: Instant) -> Actions {
    Actions(.idle)
  }

  /// Read on demand, the upstream answers only a `next()` with no element waiting: the end
  /// passes at once.
  @inlinable
  mutating func upstreamFinished(at now: Instant) -> Actions {
    Actions(.end(.finish))
  }

  @inlinable
  mutating func upstreamFailed(at now: Instant) -> Actions {
    Actions(.end(.failure))
  }
}
