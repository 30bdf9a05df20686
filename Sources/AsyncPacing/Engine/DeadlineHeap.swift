import Synchronization

/// A shell's place in a ``SharedPacingTimer``: where its deadline sits in the heap, and the
/// latest number the timer accepted from it.
///
/// The shell registers after its own lock is released, so two of its registrations can reach
/// the timer out of order: the numbers only grow (``PacingTimer``'s `startedTasks`), and the
/// timer ignores one older than the latest it accepted. Both fields are touched only under the
/// timer's lock; they are atomics so that the class is `Sendable` without an unchecked promise.
@usableFromInline
final class SharedTimerEntry: Sendable {
  let heapIndex = Atomic<Int>(-1)
  let latest = Atomic<UInt64>(0)

  @usableFromInline
  init() {}
}

/// What a shell made on a real clock outside a host's scope keeps of the timer it shares.
@usableFromInline
struct SharedTimerUse<C: Clock>: Sendable {
  @usableFromInline let timer: SharedPacingTimer<C>
  @usableFromInline let entry: SharedTimerEntry

  @inlinable
  init?(_ timer: SharedPacingTimer<C>?) {
    guard let timer else { return nil }
    self.timer = timer
    self.entry = SharedTimerEntry()
  }
}

/// Hands a shell the deadline it registered as a number: a closure formed where the shell's
/// type is known, so that the wake-up runs code specialised for its machine (through a
/// protocol's witness it ran the shell's generic code, tens of microseconds later).
@usableFromInline
typealias SharedTimerFiring = @Sendable (_ generation: UInt64) -> Void

/// The pending deadlines of a ``SharedPacingTimer``: a binary min-heap with one slot per
/// registered shell, which knows its slot, so moving or removing a deadline costs O(log n).
struct DeadlineHeap: ~Copyable {
  struct Slot {
    var key: Duration
    var generation: UInt64
    let entry: SharedTimerEntry
    /// Holds the shell strongly: it lives while its deadline is pending, as it did in its own
    /// timer task.
    let fire: SharedTimerFiring
  }

  private var slots: [Slot] = []

  init() {}

  var count: Int { slots.count }

  var earliest: Duration? { slots.first?.key }

  /// Sets the deadline of `entry`'s shell to `key`, unless a later registration of it came
  /// first; `false` if this one is stale.
  mutating func set(
    _ key: Duration, generation: UInt64, of entry: SharedTimerEntry,
    fire: @escaping SharedTimerFiring
  ) -> Bool {
    guard accepts(generation, from: entry) else { return false }
    let index = entry.heapIndex.load(ordering: .relaxed)
    if index < 0 {
      slots.append(Slot(key: key, generation: generation, entry: entry, fire: fire))
      place(slots.count - 1)
      siftUp(slots.count - 1)
      return true
    }
    let earlier = key < slots[index].key
    slots[index] = Slot(key: key, generation: generation, entry: entry, fire: fire)
    if earlier { siftUp(index) } else { siftDown(index) }
    return true
  }

  /// Takes the deadline of `entry`'s shell out, unless a later registration came first.
  mutating func remove(generation: UInt64, of entry: SharedTimerEntry) {
    guard accepts(generation, from: entry) else { return }
    let index = entry.heapIndex.load(ordering: .relaxed)
    guard index >= 0 else { return }
    take(at: index)
  }

  /// Takes out every slot due at `now`, earliest first.
  mutating func popDue(at now: Duration) -> [(SharedTimerFiring, UInt64)] {
    var due: [(SharedTimerFiring, UInt64)] = []
    while let first = slots.first, first.key <= now {
      due.append((first.fire, first.generation))
      take(at: 0)
    }
    return due
  }

  private func accepts(_ generation: UInt64, from entry: SharedTimerEntry) -> Bool {
    guard generation >= entry.latest.load(ordering: .relaxed) else { return false }
    entry.latest.store(generation, ordering: .relaxed)
    return true
  }

  private mutating func take(at index: Int) {
    slots[index].entry.heapIndex.store(-1, ordering: .relaxed)
    let last = slots.removeLast()
    guard index < slots.count else { return }
    let moved = last.key
    slots[index] = last
    place(index)
    if index > 0, moved < slots[(index - 1) / 2].key { siftUp(index) } else { siftDown(index) }
  }

  private func place(_ index: Int) {
    slots[index].entry.heapIndex.store(index, ordering: .relaxed)
  }

  private mutating func siftUp(_ start: Int) {
    var index = start
    while index > 0 {
      let parent = (index - 1) / 2
      guard slots[index].key < slots[parent].key else { return }
      slots.swapAt(index, parent)
      place(index)
      place(parent)
      index = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var index = start
    while true {
      let left = 2 * index + 1
      guard left < slots.count else { return }
      let right = left + 1
      let child = right < slots.count && slots[right].key < slots[left].key ? right : left
      guard slots[child].key < slots[index].key else { return }
      slots.swapAt(index, child)
      place(index)
      place(child)
      index = child
    }
  }
}
