import Synchronization

/// A shell whose deadlines a ``SharedPacingTimer`` keeps: it is told when the deadline it
/// registered as `generation` is due, and keeps its place in the timer (``SharedTimerSlot``).
@usableFromInline
protocol SharedTimerTarget: AnyObject, Sendable {
  func sharedTimerFired(generation: UInt64)
  func withTimerSlot<R>(_ body: (borrowing SharedTimerSlot) -> R) -> R
}

/// A shell's place in a ``SharedPacingTimer``: where its deadline sits in the heap, and the
/// latest number the timer accepted from it.
///
/// The shell registers after its own lock is released, so two of its registrations can reach
/// the timer out of order: the numbers only grow (``PacingTimer``'s `startedTasks`), and the
/// timer ignores one older than the latest it accepted. Both fields are touched only under the
/// timer's lock; they are atomics so that the shell stays `Sendable` without an unchecked
/// promise, and they live in the shell, not in an object of their own, which an idle pacer
/// would pay for.
@usableFromInline
struct SharedTimerSlot: ~Copyable, Sendable {
  let heapIndex = Atomic<Int>(-1)
  let latest = Atomic<UInt64>(0)

  @inlinable
  init() {}
}

/// The pending deadlines of a ``SharedPacingTimer``: a binary min-heap with one slot per
/// registered shell, which knows its slot, so moving or removing a deadline costs O(log n).
struct DeadlineHeap: ~Copyable {
  struct Slot {
    var key: Duration
    var generation: UInt64
    /// Held strongly: a shell lives while its deadline is pending, as it did in its own task.
    let target: any SharedTimerTarget
  }

  private var slots: [Slot] = []

  init() {}

  var count: Int { slots.count }

  var earliest: Duration? { slots.first?.key }

  /// Sets the deadline of `target` to `key`, unless a later registration of it came first;
  /// `false` if this one is stale.
  mutating func set(_ key: Duration, generation: UInt64, of target: any SharedTimerTarget) -> Bool
  {
    guard accepts(generation, from: target) else { return false }
    let index = target.withTimerSlot { $0.heapIndex.load(ordering: .relaxed) }
    if index < 0 {
      slots.append(Slot(key: key, generation: generation, target: target))
      place(slots.count - 1)
      siftUp(slots.count - 1)
      return true
    }
    let earlier = key < slots[index].key
    slots[index].key = key
    slots[index].generation = generation
    if earlier { siftUp(index) } else { siftDown(index) }
    return true
  }

  /// Takes the deadline of `target` out, unless a later registration of it came first.
  mutating func remove(generation: UInt64, of target: any SharedTimerTarget) {
    guard accepts(generation, from: target) else { return }
    let index = target.withTimerSlot { $0.heapIndex.load(ordering: .relaxed) }
    guard index >= 0 else { return }
    take(at: index)
  }

  /// Takes out every slot due at `now`, earliest first.
  mutating func popDue(at now: Duration) -> [(any SharedTimerTarget, UInt64)] {
    var due: [(any SharedTimerTarget, UInt64)] = []
    while let first = slots.first, first.key <= now {
      due.append((first.target, first.generation))
      take(at: 0)
    }
    return due
  }

  private func accepts(_ generation: UInt64, from target: any SharedTimerTarget) -> Bool {
    target.withTimerSlot { slot in
      guard generation >= slot.latest.load(ordering: .relaxed) else { return false }
      slot.latest.store(generation, ordering: .relaxed)
      return true
    }
  }

  private mutating func take(at index: Int) {
    slots[index].target.withTimerSlot { $0.heapIndex.store(-1, ordering: .relaxed) }
    let last = slots.removeLast()
    guard index < slots.count else { return }
    let moved = last.key
    slots[index] = last
    place(index)
    if index > 0, moved < slots[(index - 1) / 2].key { siftUp(index) } else { siftDown(index) }
  }

  private func place(_ index: Int) {
    slots[index].target.withTimerSlot { $0.heapIndex.store(index, ordering: .relaxed) }
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
