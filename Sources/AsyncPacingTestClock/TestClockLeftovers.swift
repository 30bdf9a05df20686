import AsyncPacing

extension TestClock {
  /// What the test left on this clock once its body returned and everything settled: the
  /// sleepers still pending and the internal tasks of operators and pacers still alive, one line
  /// each; `nil` when nothing is left.
  package func leftoverReport() -> String? {
    let (sleepers, now) = state.withLock { ($0.sleepers, $0.now) }
    let liveTasks = internalTasks.liveCount
    let background = runningBackgroundTasks
    guard !sleepers.isEmpty || liveTasks > 0 || background > 0 else { return nil }
    var lines = ["The test left work behind on its TestClock (now \(now)) when its body returned:"]
    for sleeper in sleepers.sorted(by: { $0.deadline < $1.deadline }) {
      let kind =
        switch sleeper.resumption {
        case .resume: "a sleep on the test clock"
        case .runJob: "a real-clock sleep (Task.sleep, ContinuousClock, SuspendingClock)"
        case .fire:
          "a deadline of an AsyncPacing operator or pacer (an iterator still held, or a pacer "
            + "still holding a value)"
        }
      let task = sleeper.taskName.map { ", in the task \"\($0)\"" } ?? ""
      let origin = sleeper.isOffExecutor ? ", registered from outside the test executor" : ""
      lines.append("- \(kind), due at \(sleeper.deadline)\(task)\(origin)")
    }
    if liveTasks > 0 {
      lines.append(
        "- \(liveTasks) internal task(s) of AsyncPacing operators or pacers still running: an "
          + "iterator still held, or a pacer still holding a value")
    }
    if background > 0 {
      lines.append(
        "- \(background) background task(s) still running after their cancellation: check "
          + "`Task.isCancelled`, or end the work they wait for")
    }
    lines.append(
      "Finish or cancel that work before the body returns, or start it with "
        + "`clock.addBackgroundTask { … }`, which is cancelled when the test ends.")
    return lines.joined(separator: "\n")
  }
}
