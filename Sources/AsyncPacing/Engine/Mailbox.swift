import Synchronization

/// Where outputs wait while the consumer is busy (SEMANTICS.md, "Delivery").
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

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { head == outputs.count }

  @inlinable
  mutating func put(_ output: Output, dueAt instant: Instant) {
    assert(dueAt.map { $0 <= instant } ?? true, "a machine emitted out of instant order")
    if let dueAt, dueAt < instant {
      replacedMailboxOutputs.add(outputs.count - head, ordering: .relaxed)
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

/// Outputs replaced in a mailbox before a consumer took them, in this process: lets a stress
/// tool account for every value emitted (`PacingDiagnostics.replacedOutputs`).
@usableFromInline let replacedMailboxOutputs = Atomic<Int>(0)
