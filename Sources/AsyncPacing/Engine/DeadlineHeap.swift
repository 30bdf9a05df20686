import Synchronization

/// A shell whose deadlines a ``SharedPacingTimer`` keeps: it is told when the deadline it
/// registered as `generation` is due.
@usableFromInline
protocol SharedTimerTarget: AnyObject, Sendable {
  func sharedTimerFired(generation: UInt64)
}

/// One shell's place in a ``SharedPacingTimer``: where its deadline sits in the heap, and the
/// latest number the timer accepted from it.
///
/// The shell registers after its own lock is released, so two of its registrations can reach
/// the timer out of order: the numbers only grow (``PacingTimer``'s `startedTasks`), and the
/// timer ignores one older than the latest it accepted. Both fields are touched only under the
/// timer's lock; they are atomics so that the class is `Sendable` without an unchecked promise.
@usableFromInline
final class SharedTimerRegistration<C: Clock>: Sendable {
  @usableFromInline let timer: SharedPacingTimer<C>
  /// The shell's origin, from the timer's epoch: a shell instant plus this is a timer key.
  @usableFromInline let originOffset: Duration
  let heapIndex = Atomic<Int>(-1)
  let latest = Atomic<UInt64>(0)

  @usableFromInline
  init(timer: SharedPacingTimer<C>, origin: C.Instant) {
    self.timer = timer
    self.originOffset = timer.offset(of: origin)
  }

  /// The timer's key for a shell's deadline, `sinceOrigin` from the shell's origin.
  @usableFromInline
  func key(_ sinceOrigin: C.Duration) -> Duration {
    originOffset.saturatingSum(unsafeBitCast(sinceOrigin, to: Duration.self))
  }
}

/// The pending deadlines of a ``SharedPacingTimer``: a binary min-heap with one slot per
/// registered shell, which knows its slot, so moving or removing a deadline costs O(log n).
struct DeadlineHeap<C: Clock>: ~Copyable {
  struct Slot {
    var key: Duration
    var generation: UInt64
    let registration: SharedTimerRegistration<C>
    /// Held strongly: a shell lives while its deadline is pending, as it did in its own task.
    let target: any SharedTimerTarget
  }

  private var slots: [Slot] = []

  init() {}

  var count: Int { slots.count }

  var earliest: Duration? { slots.first?.key }

  /// Sets the deadline of `registration`'s shell to `key`, unless a later registration of it
  /// came first; `false` if this one is stale.
  mutating func set(
    _ key: Duration, generation: UInt64, of registration: SharedTimerRegistration<C>,
    target: any SharedTimerTarget
  ) -> Bool {
    guard accepts(generation, from: registration) else { return false }
    let index = registration.heapIndex.load(ordering: .relaxed)
    if index < 0 {
      slots.append(
        Slot(key: key, generation: generation, registration: registration, target: target))
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

  /// Takes the deadline of `registration`'s shell out, unless a later registration came first.
  mutating func remove(generation: UInt64, of registration: SharedTimerRegistration<C>) {
    guard accepts(generation, from: registration) else { return }
    let index = registration.heapIndex.load(ordering: .relaxed)
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

  private func accepts(_ generation: UInt64, from registration: SharedTimerRegistration<C>)
    -> Bool
  {
    guard generation >= registration.latest.load(ordering: .relaxed) else { return false }
    registration.latest.store(generation, ordering: .relaxed)
    return true
  }

  private mutating func take(at index: Int) {
    slots[index].registration.heapIndex.store(-1, ordering: .relaxed)
    let last = slots.removeLast()
    guard index < slots.count else { return }
    let moved = last.key
    slots[index] = last
    place(index)
    if index > 0, moved < slots[(index - 1) / 2].key { siftUp(index) } else { siftDown(index) }
  }

  private func place(_ index: Int) {
    slots[index].registration.heapIndex.store(index, ordering: .relaxed)
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
