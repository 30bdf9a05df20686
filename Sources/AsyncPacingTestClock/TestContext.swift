import AsyncPacing
import Dispatch

/// Which test's work the calling code is, and where it runs: on the test executor or on the
/// main actor.
///
/// The runtime's hooks (`RuntimeHooks`) ask it when a job is enqueued: the job belongs to the
/// test whose work enqueues it. That holds for a task hopping from the test executor to the
/// main actor, for a continuation resumed by the test's code, and for a task the test's code
/// creates; the runtime clears the current task during a hop, so a task-local could not say.
struct TestContext: Sendable {
  enum Place: Sendable, Equatable {
    case testExecutor
    case mainActor
  }

  /// Unretained: code runs in a context only while a block that holds the executor strongly
  /// runs it (a drain, a main-actor job), so it is alive whenever read.
  let executor: Unmanaged<TestExecutor>
  let place: Place

  init(_ executor: TestExecutor, place: Place) {
    self.executor = .passUnretained(executor)
    self.place = place
  }

  /// The context of the calling code, if it is a test's work that a clock can see.
  static var current: TestContext? {
    if let context = DispatchQueue.getSpecific(key: TestExecutor.contextKey) { return context }
    return ObservedMainExecutor.runningContext
  }

  func isOn(_ testExecutor: TestExecutor) -> Bool {
    executor.toOpaque() == Unmanaged.passUnretained(testExecutor).toOpaque()
  }

  /// Where this context runs for `testExecutor`'s test: `nil` when it is another test's.
  func place(on testExecutor: TestExecutor) -> Place? {
    isOn(testExecutor) ? place : nil
  }
}

/// What the runtime's hooks let a test executor see of its test's work elsewhere.
struct ObservedWork: Equatable, Sendable {
  /// The test's jobs queued or running on the main actor: settling waits for them.
  var mainActorJobs = 0
  /// How many of them have started: the progress guard's sign that such work moves.
  var mainActorJobsStarted = 0
  /// Tasks the test's own tasks started on the global executor that its scope does not take:
  /// a plain `Task {}` or `Task.detached` under the task-tree scope.
  var escapedTaskStarts = 0
}
