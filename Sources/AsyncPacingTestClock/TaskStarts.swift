import AsyncPacing
import Synchronization

/// Which of the jobs the runtime's hooks see is a task's first: its start.
///
/// A test takes a task its code starts, never one its code merely resumes (another test's task
/// waiting on a continuation the test resumes stays that test's). The runtime tells the two
/// apart nowhere: a new task and a resumed one reach the global executor and the main actor the
/// same way, from the task that sends them. So every task job the hooks see is noted here while
/// a test clock watches its test's work (`TaskStartRecord`), and the first note of a task is
/// its start.
enum TaskStarts {
  private static let record = LockedState(TaskStartRecord())
  /// How many clocks watch, read without the lock: most jobs of a process come while none does.
  private static let watching = Atomic<Int>(0)

  /// A clock starts watching its test's work, the runtime's hooks installed.
  static func open() {
    record.withLock { record in
      record.open()
      watching.add(1, ordering: .releasing)
    }
  }

  /// A clock stops watching; the last one drops the record.
  static func close() {
    record.withLock { record in
      record.close()
      watching.subtract(1, ordering: .releasing)
    }
  }

  /// A test body's task `task` starts, created after its clock began watching.
  static func bodyStarted(_ task: UInt64) {
    record.withLock { $0.bodyStarted(task) }
  }

  /// Notes a job of `task` (0 for a job that is no task's) and says which it is.
  static func note(_ task: UInt64) -> TaskStartRecord.Sending {
    guard task != 0, watching.load(ordering: .acquiring) > 0 else { return .unknown }
    return record.withLock { $0.note(task) }
  }
}

/// The record behind ``TaskStarts``, by the runtime's task IDs, which it counts up.
///
/// Exact for the tasks created while the record is open whose first job goes to the global
/// executor or the main actor (`Task {}`, `Task.detached`, `Task { @MainActor in }`, the
/// children of such tasks). The floor makes it so: the first test body that starts in an open
/// record sets it, and every task above it was created since. A task created after that body's
/// task may send its first job before the body starts: such jobs are kept apart until then.
///
/// One bit per task created while the record is open, dropped when the last watching clock
/// stops: a run that creates a million tasks meanwhile keeps 125 KB.
struct TaskStartRecord {
  /// What a task's job, as the hooks see it, is.
  enum Sending: Equatable {
    /// The task's first job: it has just been created.
    case start
    /// A later job: the task resumes, or hops.
    case later
    /// The task may be older than the record: created before a test clock watched, or before
    /// its first body started. Never a start.
    case unknown
  }

  /// Past this many tasks since the floor (64 MB of bits), tasks are `unknown`.
  static let maximumTasks: UInt64 = 1 << 29

  private var watchers = 0
  /// The ID of the first test body's task since the record opened.
  private var floor: UInt64?
  /// Bit `i` set: the task `floor + 1 + i` was seen.
  private var seen: [UInt64] = []
  /// The tasks seen before the floor was set.
  private var seenBeforeFloor: Set<UInt64> = []

  mutating func open() {
    watchers += 1
  }

  mutating func close() {
    watchers -= 1
    if watchers == 0 { self = TaskStartRecord() }
  }

  mutating func bodyStarted(_ task: UInt64) {
    guard task != 0, watchers > 0, floor == nil else { return }
    floor = task
    for early in seenBeforeFloor where early > task { _ = mark(early) }
    seenBeforeFloor = []
  }

  mutating func note(_ task: UInt64) -> Sending {
    guard task != 0, watchers > 0 else { return .unknown }
    guard let floor else { return seenBeforeFloor.insert(task).inserted ? .unknown : .later }
    guard task > floor, task - floor <= Self.maximumTasks else { return .unknown }
    return mark(task) ? .start : .later
  }

  /// Sets `task`'s bit, above the floor: `true` if it was not set.
  private mutating func mark(_ task: UInt64) -> Bool {
    guard let floor, task > floor else { return false }
    let bit = task - floor - 1
    let word = Int(bit / 64)
    let mask: UInt64 = 1 << (bit % 64)
    if word >= seen.count {
      seen.append(contentsOf: repeatElement(0, count: word - seen.count + 1))
    }
    guard seen[word] & mask == 0 else { return false }
    seen[word] |= mask
    return true
  }
}
