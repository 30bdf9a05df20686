import AsyncPacing
import Synchronization

/// Which of the jobs the runtime's hooks see is a task's first: its start.
///
/// A test takes a task its code starts, never one its code merely resumes (another test's task
/// waiting on a continuation the test resumes stays that test's). The runtime tells the two
/// apart nowhere: a new task and a resumed one reach the global executor and the main actor the
/// same way, from the task that sends them. So every task job the hooks see is noted here while
/// a test clock watches its test's work, and the first note of a task is its start. That is
/// exact for the tasks created while the record is open whose first job goes to the global
/// executor or the main actor (`Task {}`, `Task.detached`, `Task { @MainActor in }`, the
/// children of such tasks), which is what the floor ensures: the first test body that starts in
/// an open record sets it, and every task above it was created since.
///
/// One bit per task created while the record is open, dropped when the last watching clock
/// stops: a run that creates a million tasks meanwhile keeps 125 KB.
enum TaskStarts {
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

  private struct Record {
    var watchers = 0
    /// The ID of the first test body's task since the record opened: above it, every task's
    /// first job was seen.
    var floor: UInt64?
    /// Bit `i` set: the task `floor + 1 + i` was seen.
    var seen: [UInt64] = []
  }

  private static let record = LockedState(Record())
  /// How many clocks watch, read without the lock: most jobs of a process come while none does.
  private static let watching = Atomic<Int>(0)
  /// Past this many tasks since the floor (64 MB of bits), tasks are `unknown`.
  private static let maximumTasks: UInt64 = 1 << 29

  /// A clock starts watching its test's work, the runtime's hooks installed.
  static func open() {
    record.withLock { record in
      record.watchers += 1
      watching.add(1, ordering: .releasing)
    }
  }

  /// A clock stops watching; the last one drops the record.
  static func close() {
    record.withLock { record in
      record.watchers -= 1
      watching.subtract(1, ordering: .releasing)
      if record.watchers == 0 { record = Record() }
    }
  }

  /// A test body's task `task` starts, created after its clock began watching.
  static func bodyStarted(_ task: UInt64) {
    guard task != 0 else { return }
    record.withLock { record in
      if record.watchers > 0 && record.floor == nil { record.floor = task }
    }
  }

  /// Notes a job of `task` (0 for a job that is no task's) and says which it is.
  static func note(_ task: UInt64) -> Sending {
    guard task != 0, watching.load(ordering: .acquiring) > 0 else { return .unknown }
    return record.withLock { record in
      guard let floor = record.floor, task > floor, task - floor <= maximumTasks else {
        return .unknown
      }
      let bit = task - floor - 1
      let word = Int(bit / 64)
      let mask: UInt64 = 1 << (bit % 64)
      if word >= record.seen.count {
        record.seen.append(contentsOf: repeatElement(0, count: word - record.seen.count + 1))
      }
      guard record.seen[word] & mask == 0 else { return .later }
      record.seen[word] |= mask
      return .start
    }
  }
}
