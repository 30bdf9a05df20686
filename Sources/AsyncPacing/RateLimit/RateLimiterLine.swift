/// A ``RateLimiter``'s line and its token bucket (<doc:PacingContract>, "A rate limiter
/// shared by tasks"): requests and instants in, grants out. It is pure; the limiter runs it
/// under its lock and resumes the tasks it names.
///
/// The line is strict: a request waits while anyone waits, whatever its size. Only the first
/// in line, the *leader*, waits for a time, the instant its tokens arrive; the others wait for
/// the leader to go.
@usableFromInline
struct RateLimiterLine<Instant: PacingInstant>: Sendable {
  @usableFromInline typealias Ticket = UInt64

  /// Where a ticket stands in the line.
  @usableFromInline
  enum Place: Sendable {
    case waiting(count: Int)
    /// First in line, waiting for the instant its tokens arrive (`nil`: one that never comes).
    case leading(count: Int, tokensAt: Instant?)
  }

  /// What a request comes to, decided at once.
  @usableFromInline
  enum RequestAnswer: Sendable, Equatable {
    case granted
    case queueFull
    /// First in line: its task waits until `tokensAt`, then calls ``leaderWoke(_:at:)``.
    case leads(Ticket, tokensAt: Instant?)
    /// In line behind others, until the line lets `Ticket` go.
    case waits(Ticket)
  }

  /// Tickets the line let go at one step: in line order, those granted, then at most one new
  /// leader with the instant its tokens arrive.
  @usableFromInline
  struct Advance: Sendable, Equatable {
    @usableFromInline var granted: [Ticket] = []
    @usableFromInline var leader: (ticket: Ticket, tokensAt: Instant?)?

    @inlinable
    init() {}

    @inlinable
    static func == (lhs: Advance, rhs: Advance) -> Bool {
      lhs.granted == rhs.granted && lhs.leader?.ticket == rhs.leader?.ticket
        && lhs.leader?.tokensAt == rhs.leader?.tokensAt
    }
  }

  @usableFromInline var bucket: TokenBucket<Instant>
  @usableFromInline let maxWaiting: Int?
  /// Tickets in line order from `front` on; a ticket that left stays until it reaches the
  /// front, and has no place.
  @usableFromInline var order: [Ticket] = []
  @usableFromInline var front = 0
  @usableFromInline var places: [Ticket: Place] = [:]
  @usableFromInline var nextTicket: Ticket = 0
  /// The latest instant seen: tasks read the clock before they take the lock, so an earlier
  /// reading can arrive later; it counts as arriving at the latest instant.
  @usableFromInline var latest: Instant

  @inlinable
  init(bucket: TokenBucket<Instant>, maxWaiting: Int?) {
    self.bucket = bucket
    self.maxWaiting = maxWaiting
    latest = bucket.origin
  }

  @inlinable
  mutating func clamp(_ now: Instant) -> Instant {
    latest = max(latest, now)
    return latest
  }

  /// A request for `count` tokens that waits for nobody: `true` if it took them, `false` if
  /// anyone waits or the tokens are not there.
  @inlinable
  mutating func tryTake(_ count: Int, at now: Instant) -> Bool {
    let now = clamp(now)
    return places.isEmpty && bucket.take(count, at: now)
  }

  /// A request for `count` tokens: granted at once if nobody waits and the tokens are there;
  /// otherwise refused if `maxWaiting` already wait, or in line.
  @inlinable
  mutating func request(_ count: Int, at now: Instant) -> RequestAnswer {
    if tryTake(count, at: now) { return .granted }
    if let maxWaiting, places.count >= maxWaiting { return .queueFull }
    let ticket = nextTicket
    nextTicket &+= 1
    order.append(ticket)
    if places.isEmpty {
      let tokensAt = bucket.arrival(ofTokens: count)
      places[ticket] = .leading(count: count, tokensAt: tokensAt)
      return .leads(ticket, tokensAt: tokensAt)
    }
    places[ticket] = .waiting(count: count)
    return .waits(ticket)
  }

  /// The leader's time came, `now` being its tokens' instant or later: it takes them at their
  /// instant, and those behind it who can be served by `now` are, in order (the leader, which
  /// knows it is served, is not among them).
  @inlinable
  mutating func leaderWoke(_ ticket: Ticket, at now: Instant) -> Advance {
    let now = clamp(now)
    guard case .leading(let count, let tokensAt?) = places[ticket], tokensAt <= now else {
      preconditionFailure("a rate limiter's leader woke before its tokens' instant")
    }
    places[ticket] = nil
    _ = bucket.take(count, at: tokensAt)
    return serve(from: tokensAt, until: now)
  }

  /// A ticket leaves the line, its task cancelled: `nil` if it was not in it. A leader's going
  /// serves those behind it who can be served at `now`.
  @inlinable
  mutating func leave(_ ticket: Ticket, at now: Instant) -> (wasLeading: Bool, advance: Advance)? {
    let now = clamp(now)
    guard let place = places.removeValue(forKey: ticket) else { return nil }
    guard case .leading = place else {
      // Behind a leader that may wait long, those who left would pile up in `order`.
      if order.count - front > 2 * places.count + 64 {
        order = order[front...].filter { places[$0] != nil }
        front = 0
      }
      return (false, Advance())
    }
    return (true, serve(from: now, until: now))
  }

  /// Serves the line from its front: each ticket takes its tokens at the instant they exist,
  /// from `start` on, as long as that is not after `now`; the first that must wait longer
  /// leads.
  @inlinable
  mutating func serve(from start: Instant, until now: Instant) -> Advance {
    var advance = Advance()
    var instant = start
    while front < order.count {
      let ticket = order[front]
      guard let place = places[ticket] else {
        front += 1
        continue
      }
      let count: Int
      switch place {
      case .waiting(let waiting): count = waiting
      case .leading(let leading, _): count = leading
      }
      if !bucket.take(count, at: instant) {
        guard let tokensAt = bucket.arrival(ofTokens: count), tokensAt <= now else {
          let tokensAt = bucket.arrival(ofTokens: count)
          places[ticket] = .leading(count: count, tokensAt: tokensAt)
          advance.leader = (ticket, tokensAt)
          break
        }
        instant = tokensAt
        _ = bucket.take(count, at: instant)
      }
      places[ticket] = nil
      advance.granted.append(ticket)
      front += 1
    }
    if front > 64 && front * 2 > order.count {
      order.removeFirst(front)
      front = 0
    }
    return advance
  }
}
