import Testing

@testable import AsyncPacingTestClock

/// The record that tells a task's start from its later jobs, by the runtime's task IDs.
@Suite struct TaskStartRecordTests {
  /// A record with one clock watching and its first body's task, 100, started.
  private func watching() -> TaskStartRecord {
    var record = TaskStartRecord()
    record.open()
    record.bodyStarted(100)
    return record
  }

  @Test func aTasksFirstJobIsItsStartAndEveryLaterOneIsNot() {
    var record = watching()
    #expect(record.note(101) == .start)
    #expect(record.note(101) == .later)
    #expect(record.note(500) == .start)
    #expect(record.note(500) == .later)
  }

  /// Tasks at or below the floor may be older than the record: never a start, even when seen
  /// first now.
  @Test func aTaskOlderThanTheFirstBodyIsNeverAStart() {
    var record = watching()
    #expect(record.note(99) == .unknown)
    #expect(record.note(100) == .unknown)
  }

  /// Created after the first body's task, sending its first job before that body started: its
  /// next job is no start.
  @Test func aJobSeenBeforeTheFirstBodyStartsCountsOnceTheFloorIsSet() {
    var record = TaskStartRecord()
    record.open()
    #expect(record.note(105) == .unknown)
    #expect(record.note(105) == .later)
    #expect(record.note(95) == .unknown)
    record.bodyStarted(100)
    #expect(record.note(105) == .later)
    #expect(record.note(106) == .start)
  }

  /// The floor is the first body's: a later body does not move it.
  @Test func onlyTheFirstBodySetsTheFloor() {
    var record = watching()
    record.bodyStarted(200)
    #expect(record.note(150) == .start)
  }

  /// When the last clock stops watching the record is dropped, and nothing is known until a
  /// body starts again.
  @Test func theLastClockToStopDropsTheRecord() {
    var record = watching()
    record.open()
    _ = record.note(101)
    record.close()
    #expect(record.note(101) == .later)
    record.close()
    #expect(record.note(102) == .unknown)
    record.open()
    record.bodyStarted(300)
    #expect(record.note(101) == .unknown)
    #expect(record.note(301) == .start)
  }

  @Test func farBeyondTheFloorIsUnknown() {
    var record = watching()
    #expect(record.note(100 + TaskStartRecord.maximumTasks + 1) == .unknown)
  }
}
