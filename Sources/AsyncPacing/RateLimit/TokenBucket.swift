/// A token bucket whose tokens arrive on a fixed grid (<doc:PacingContract>, "Rate limiting"):
/// `burst` tokens at the origin, then token k at `origin + ⌈k × interval / permits⌉`; a token
/// that arrives at a full bucket is lost. The grid never restarts.
///
/// It is pure: instants in, a count of tokens out. Refilling finds the last token arrived by
/// an instant with a galloping search over k, so an idle stretch of a million tokens costs a
/// few dozen arrivals computed, not a million.
@usableFromInline
struct TokenBucket<Instant: PacingInstant>: Sendable {
  @usableFromInline let permits: Int
  @usableFromInline let interval: Instant.Duration
  @usableFromInline let burst: Int
  @usableFromInline let origin: Instant
  /// Tokens in the bucket: from 0 to `burst`.
  @usableFromInline var tokens: Int
  /// The next token to arrive, and when.
  @usableFromInline var upcoming: Upcoming

  /// What the grid holds next.
  @usableFromInline
  enum Upcoming: Sendable {
    /// Token `k`, arriving at `instant` (kept, so that a refill before it costs one comparison).
    case token(Int, at: Instant)
    /// The next token would arrive past the last instant there is: it never comes.
    case never
    /// Token `Int.max` has arrived: the grid counts no further, and the bucket stays full from
    /// then on (the rate was all but unlimited).
    case pastCounting
  }

  @inlinable
  init(permits: Int, per interval: Instant.Duration, burst: Int, origin: Instant) {
    self.permits = permits
    self.interval = interval
    self.burst = burst
    self.origin = origin
    self.tokens = burst
    upcoming = .never
    upcoming = upcoming(from: 1)
  }

  /// Token `k` as the next to arrive.
  @inlinable
  func upcoming(from k: Int) -> Upcoming {
    arrival(of: k).map { .token(k, at: $0) } ?? .never
  }

  /// When token `k` arrives, or `nil` past the last instant there is: a token that never comes.
  @inlinable
  func arrival(of k: Int) -> Instant? {
    if Instant.Duration.self == Swift.Duration.self {
      // Exact: ⌈k × interval / permits⌉ in attoseconds. The product is taken at full width, so
      // that only an arrival past the last countable instant is lost, not one whose product
      // alone would overflow (a long interval at a high rate).
      let attoseconds = UInt128(unsafeBitCast(interval, to: Swift.Duration.self).attoseconds)
      let product = attoseconds.multipliedFullWidth(by: UInt128(k))
      let divisor = UInt128(permits)
      guard product.high < divisor else { return nil }
      // A 256-bit division is done in software: most products fit 128 bits.
      let (quotient, remainder) =
        product.high == 0
        ? product.low.quotientAndRemainder(dividingBy: divisor)
        : divisor.dividingFullWidth(product)
      let (ceiling, overflow) = quotient.addingReportingOverflow(remainder > 0 ? 1 : 0)
      guard !overflow, ceiling <= UInt128(Int128.max) else { return nil }
      let offset = Swift.Duration(attoseconds: Int128(ceiling))
      return origin.after(unsafeBitCast(offset, to: Instant.Duration.self))
    }
    // k = q × permits + r: no product is larger than the arrival itself, so a duration type
    // that traps on overflow traps only for an arrival it could not represent anyway.
    let (wholeIntervals, part) = k.quotientAndRemainder(dividingBy: permits)
    return origin.after(interval * wholeIntervals + interval * part / permits)
  }

  /// When the next token arrives, or `nil` if it never does.
  @inlinable
  var nextArrival: Instant? {
    if case .token(_, let instant) = upcoming { instant } else { nil }
  }

  /// Adds the tokens that arrived by `now`, as many as the bucket holds.
  @inlinable
  mutating func refill(at now: Instant) {
    let nextToken: Int
    switch upcoming {
    case .pastCounting:
      tokens = burst
      return
    case .never:
      return
    case .token(let k, let first):
      guard first <= now else { return }
      nextToken = k
    }
    // Gallop: the last token known to have arrived, and one known not to have.
    var arrived = nextToken
    var notYet = Int.max
    var stride = 1
    while arrived < Int.max {
      let (sum, overflow) = arrived.addingReportingOverflow(stride)
      let probe = overflow ? Int.max : sum
      guard let instant = arrival(of: probe), instant <= now else {
        notYet = probe
        break
      }
      arrived = probe
      stride = stride.multipliedReportingOverflow(by: 2).overflow ? Int.max : stride * 2
    }
    while notYet - arrived > 1 {
      let middle = arrived + (notYet - arrived) / 2
      if let instant = arrival(of: middle), instant <= now {
        arrived = middle
      } else {
        notYet = middle
      }
    }
    let count = arrived - nextToken + 1
    tokens = burst - tokens <= count ? burst : tokens + count
    upcoming = arrived == Int.max ? .pastCounting : upcoming(from: arrived + 1)
  }

  /// Takes `count` tokens present at `now`, those arriving at `now` included; false, taking
  /// none, if fewer are there.
  @inlinable
  mutating func take(_ count: Int = 1, at now: Instant) -> Bool {
    refill(at: now)
    guard tokens >= count else { return false }
    tokens -= count
    return true
  }

  /// When the bucket, refilled to its last instant and short of `count` tokens (at most
  /// `burst`), comes to hold `count`, with nothing taken meanwhile; `nil` if that never comes.
  @inlinable
  func arrival(ofTokens count: Int) -> Instant? {
    // Short of `count`, so not full: no token is lost before the last one needed arrives.
    guard case .token(let nextToken, _) = upcoming else { return nil }
    let (last, overflow) = nextToken.addingReportingOverflow(count - tokens - 1)
    // Past token `Int.max` the bucket stays full: that token is the last one needed.
    return arrival(of: overflow ? .max : last)
  }
}
