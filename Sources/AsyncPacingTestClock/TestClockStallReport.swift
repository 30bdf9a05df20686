import AsyncPacing

extension TestClock {
  /// What the progress guard compares: a job of the test's started on the test executor or on
  /// the main actor; time moved; or the main actor answered a settling barrier.
  struct ProgressMark: Equatable, Sendable {
    var jobsRun: Int
    var mainActorJobsStarted: Int
    var timeMoves: Int
    var mainActorAnswers: Int
  }

  var progressMark: ProgressMark {
    let jobsRun = testExecutor?.jobsRun ?? 0
    let mainActorJobsStarted = testExecutor?.observed.mainActorJobsStarted ?? 0
    return state.withLock {
      ProgressMark(
        jobsRun: jobsRun, mainActorJobsStarted: mainActorJobsStarted, timeMoves: $0.timeMoves,
        mainActorAnswers: $0.mainActorAnswers)
    }
  }

  /// Why the test made no progress for `timeout`: what is pending, and what to do. `poolWait`,
  /// when not zero, is how long the cooperative pool has run no new task.
  func stallReport(after timeout: Duration, poolWait: Duration = .zero) -> String {
    let executorIsBusy = testExecutor?.isBusy ?? false
    let observed = testExecutor?.observed ?? ObservedWork()
    let (now, sleepers, mainActorWaits) = state.withLock {
      ($0.now, $0.sleepers, $0.mainActorWaits)
    }
    var lines = [
      "TestClock: the test made no progress for \(timeout) of wall-clock time: no job ran on "
        + "the test executor and virtual time stayed at \(now)."
    ]
    if poolWait > .zero {
      lines.append(
        "- The cooperative thread pool has run no new task for \(poolWait): its threads are "
          + "blocked (a semaphore or a lock waited on in async code), or the machine is "
          + "overloaded.")
    }
    if executorIsBusy {
      lines.append(
        "- One job on the test executor has been running all that time: code under test "
          + "blocks synchronously (a semaphore, a lock, a busy loop).")
    }
    if observed.mainActorJobs > 0 {
      lines.append(
        "- \(observed.mainActorJobs) job(s) of this test have waited all that time to run on the "
          + "main actor, and settling waits for them: is the main thread blocked (a semaphore, "
          + "a synchronous wait, a test that holds it)? Keep the main thread free while the "
          + "test's main-actor code runs, or move that code off the main actor.")
    }
    if mainActorWaits > 0 {
      lines.append(
        "- Settling has waited all that time for the main actor, which does not answer: is "
          + "the main thread blocked (a semaphore, a synchronous wait)? The clock waits for "
          + "the main actor because main-actor code sent work to the test executor.")
    }
    if sleepers.isEmpty {
      lines.append(
        "- Nothing sleeps on this clock: the test waits for something the clock does not "
          + "time (a real clock's sleep, a stream nobody finishes, work on another executor).")
    } else {
      let deadlines = Set(sleepers.map(\.deadline)).sorted()
      let shown = deadlines.prefix(5).map { "\($0)" }.joined(separator: ", ")
      let more = deadlines.count > 5 ? ", …" : ""
      lines.append(
        "- \(sleepers.count) sleeper(s) wait on this clock and nothing advances it: deadlines "
          + "\(shown)\(more) (now \(now)). Advance the clock (`advance(by:)`, `run()`) before "
          + "awaiting what they produce, or advance automatically (`advancing: .automatic`).")
      let escaped = sleepers.filter(\.isOffExecutor).count
      if escaped > 0 {
        lines.append(
          "- \(escaped) of them were registered outside the test executor, so advancing "
            + "cannot know when their work finishes. Likely causes: the sleeping code runs in "
            + "a `Task.detached`, or a plain `Task {}` started outside main-actor code (create it "
            + "with `Task(executorPreference:)` or make it a child task), or on a thread of its "
            + "own" + (RuntimeHooks.isInstalled ? "." : ", or it is `@MainActor` code."))
      }
    }
    // The escape warning comes at the test's end, which a body ignoring its cancellation
    // never reaches: the stall names it too.
    for hint in [escapedTasksWarning, failureHint].compactMap({ $0 }) { lines.append("- " + hint) }
    return lines.joined(separator: "\n")
  }
}
