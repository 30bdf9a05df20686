/// Where outputs wait while the consumer is busy (<doc:PacingContract>, "Delivery to the
/// consumer").
///
/// Outputs due at the same instant are all kept, in order; an output due at a later instant
/// replaces everything still waiting. What the consumer receives therefore depends on instants
/// rather than on how the executor scheduled it (the engine also handles the deadlines of the
/// instant a consumer comes back before it takes from here), and memory stays bounded by the
/// outputs of one instant.
@usableFromInline
struct Mailbox<Output: Sendable, Instant: PacingInstant>: Sendable {
  @usableFromInline var outputs: [Output] = []
  @usableFromInline var head = 0
  @usableFromInline var dueAt: Instant?
  /// Outputs a later one replaced before the consumer took them, for a stress tool's count of
  /// every value emitted (`PacingDiagnostics.swift`).
  @usableFromInline var replacedCount = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { head == outputs.count }

  @inlinable
  mutating func put(_ output: Output, dueAt instant: Instant) {
    assert(dueAt.map { $0 <= instant } ?? true, "a machine emitted out of instant order")
    if let dueAt, dueAt < instant {
      replacedCount += outputs.count - head
      removeAll()
    }
    outputs.append(output)
    dueAt = instant
  }

  @inlinable
  mutating func take() -> Output? {
    guard head < outputs.count else { return nil }
    let output = outputs[head]
    head += 1
    if head == outputs.count { removeAll() }
    return output
  }

  @inlinable
  mutating func removeAll() {
    outputs.removeAll(keepingCapacity: true)
    head = 0
    dueAt = nil
  }
}
