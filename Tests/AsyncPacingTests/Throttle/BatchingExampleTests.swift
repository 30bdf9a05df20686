import AsyncPacing
import AsyncPacingTesting
import IssueCapture
import Testing

/// The guides' batching example, `events.throttle(for: interval) { batch, event in (batch ??
/// []) + [event] }` with `for await batch in batches { await upload(batch) }`, for uploads that
/// take 0 to 3 windows: every event is uploaded exactly once, in order.
@Suite(.capturesIssues) struct BatchingExampleTests {
  /// Twenty events 100 ms apart, windows of a second, on the test's clock.
  @Test(.testClock(advancing: .automatic), arguments: 0...3)
  func everyEventIsUploadedOnceOnTheTestClock(uploadWindows: Int) async {
    let clock = TestClock.current
    let (events, send) = AsyncStream.makeStream(of: Int.self)
    let producer = Task(executorPreference: clock.taskExecutor) {
      for event in 0..<20 {
        send.yield(event)
        try? await clock.sleep(for: .milliseconds(100))
      }
      send.finish()
    }
    let batches = events.throttle(for: .seconds(1)) { batch, event in (batch ?? []) + [event] }
    var uploaded: [[Int]] = []
    for await batch in batches {
      uploaded.append(batch)
      try? await clock.sleep(for: .seconds(uploadWindows))  // the upload
    }
    await producer.value
    #expect(uploaded.joined().elementsEqual(0..<20), "\(uploaded)")
  }

  /// The same on a real clock, with windows of 20 ms and events 2 ms apart: only the wiring is
  /// timed, and the property holds at any pace the machine keeps.
  @Test(arguments: 0...3)
  func everyEventIsUploadedOnceOnARealClock(uploadWindows: Int) async {
    let (events, send) = AsyncStream.makeStream(of: Int.self)
    let producer = Task {
      for event in 0..<20 {
        send.yield(event)
        try? await Task.sleep(for: .milliseconds(2))
      }
      send.finish()
    }
    let batches = events.throttle(for: .milliseconds(20), clock: ContinuousClock()) {
      batch, event in (batch ?? []) + [event]
    }
    var uploaded: [[Int]] = []
    for await batch in batches {
      uploaded.append(batch)
      try? await Task.sleep(for: .milliseconds(20 * uploadWindows))
    }
    await producer.value
    #expect(uploaded.joined().elementsEqual(0..<20), "\(uploaded)")
  }
}
