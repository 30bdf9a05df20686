/// Where outputs wait while the consumer is busy (<doc:PacingContract>, "Delivery to the
/// consumer"). The consumer is the contract's: a sequence's, or a pacer's action, whose runner
/// takes from here as a sequence's consumer does.
///
/// Outputs due at the same instant are all kept, in order, for a consumer that comes back at
/// that instant; one that comes back later gets only the latest, as would a busy consumer on a
/// real clock, and an output due at a later instant replaces everything still waiting. What the
/// consumer receives therefore depends on instants rather than on how the executor scheduled
/// it (the shell also handles the deadlines of the instant a consumer comes back before it
/// takes from here). At most ``sameInstantLimit`` outputs wait: a sequence's reader then waits
/// for the consumer, and a pacer drops the oldest.
///
/// A machine that reads on demand, or accumulates, has every output kept; an accumulating
/// one's mailbox also keeps a ``MailboxDueLedger``: each output's instant, by which it says
/// whether the next element takes its latest output back
/// (`takesBackLatestOutput(forElementAt:)`), and hands it back (`takeBackLatestOutput()`).
@usableFromInline
struct Mailbox<Output: Sendable, Instant: PacingInstant>: Sendable {
  @usableFromInline var outputs: [Output] = []
  @usableFromInline var head = 0
  /// How many outputs wait: stored, so that the check every element makes (`isFull`) reads
  /// the state, not the array's buffer.
  @usableFromInline var count = 0
  @usableFromInline var dueAt: Instant?
  /// Outputs a later one replaced before the consumer took them, for a stress tool's count of
  /// every value emitted (`PacingDiagnostics.swift`).
  @usableFromInline var replacedCount = 0
  /// An accumulating machine's ledger of instants; `nil` for the other machines, whose
  /// waiting outputs share `dueAt` and whose tie rule asks nothing.
  @usableFromInline var ledger: MailboxDueLedger<Instant>?

  /// A mailbox for a machine that delivers as `delivery` says: an accumulating one's keeps a
  /// ledger.
  @inlinable
  init(for delivery: PacingDelivery) {
    self.ledger = delivery == .accumulating ? MailboxDueLedger() : nil
  }

  /// How many outputs due at one instant may wait.
  @inlinable
  static var sameInstantLimit: Int { 1024 }

  @inlinable
  var isEmpty: Bool { count == 0 }

  /// Whether the next event could take the waiting outputs past the limit: one event emits at
  /// most two.
  @inlinable
  var isFull: Bool { count >= Self.sameInstantLimit - 1 }

  /// Puts `output` behind those waiting; one due later replaces them unless the machine's
  /// every output is delivered (`keepsEvery`: it reads on demand, or accumulates).
  @inlinable
  mutating func put(_ output: Output, dueAt instant: Instant, keepsEvery: Bool = false) {
    assert(dueAt.map { $0 <= instant } ?? true, "a machine emitted out of instant order")
    if !keepsEvery, let dueAt, dueAt < instant {
      replacedCount += count
      removeAll()
    }
    if head >= Self.sameInstantLimit {
      // Taken outputs leave the storage once there are as many as may wait: a consumer that
      // takes while the producer refills never empties it, and this keeps it bounded.
      outputs.removeFirst(head)
      ledger?.dues.removeFirst(head)
      head = 0
    }
    outputs.append(output)
    ledger?.dues.append(instant)
    count += 1
    dueAt = instant
  }

  /// The next output for a consumer that comes back at `now`, which is read only if more than
  /// one waits: a consumer back at a later instant than theirs gets the latest alone.
  @inlinable
  mutating func take(at now: () -> Instant, keepsEvery: Bool = false) -> Output? {
    guard count > 0 else { return nil }
    if !keepsEvery, count > 1, let dueAt, dueAt < now() {
      replacedCount += count - 1
      head += count - 1
      count = 1
    }
    let output = outputs[head]
    // Only an accumulating machine's tie rule asks: the other machines' takes skip the store.
    ledger?.noteTaken(at: head)
    head += 1
    count -= 1
    if count == 0 { removeAll() }
    return output
  }

  /// Whether an accumulating machine's element arriving at `now` takes back the latest output
  /// waiting (a mailbox with a ledger), to fold into it (<doc:PacingContract>, "Delivery to the
  /// consumer"): unless that output is due at `now` and the consumer has taken one of `now`'s
  /// outputs already. A consumer that keeps up comes back within the instant, and gets every
  /// output of it.
  @inlinable
  func takesBackLatestOutput(forElementAt now: Instant) -> Bool {
    guard count > 0, let ledger, let latestDue = ledger.dues.last else { return false }
    return !(latestDue == now && ledger.lastTakenDueAt == now)
  }

  /// Takes back the latest output waiting, for an accumulating machine to fold into.
  @inlinable
  mutating func takeBackLatestOutput() -> Output? {
    guard count > 0 else { return nil }
    let output = outputs.removeLast()
    // Only an accumulating machine takes back, and its mailbox has a ledger.
    ledger?.dues.removeLast()
    dueAt = ledger?.dues.last
    count -= 1
    if count == 0 { removeAll() }
    return output
  }

  /// A pacer's `send` cannot wait: past the limit, the oldest waiting output goes.
  @inlinable
  mutating func dropOldestBeyondLimit() {
    let excess = count - Self.sameInstantLimit
    guard excess > 0 else { return }
    replacedCount += excess
    head += excess
    count -= excess
  }

  @inlinable
  mutating func removeAll() {
    outputs.removeAll(keepingCapacity: true)
    ledger?.dues.removeAll(keepingCapacity: true)
    head = 0
    count = 0
    dueAt = nil
  }
}

/// What an accumulating machine's mailbox keeps besides its outputs: each one's instant (they
/// can wait with different instants), and the instant of the latest output the consumer took,
/// which the machine's tie rule asks.
@usableFromInline
struct MailboxDueLedger<Instant: PacingInstant>: Sendable {
  /// Beside the mailbox's `outputs`, one for one.
  @usableFromInline var dues: [Instant] = []
  @usableFromInline var lastTakenDueAt: Instant?

  @inlinable
  init() {}

  @inlinable
  mutating func noteTaken(at index: Int) {
    lastTakenDueAt = dues[index]
  }
}
