import AsyncPacing

/// A real-clock sleep whose requested duration the clock recovered with a doubt
/// (`RecoveredSleep`): what the test is warned of.
struct InexactSleep: Sendable {
  var registeredAt: TestClock.Instant
  var duration: Duration
  var doubt: RecoveredSleep.Doubt
  var taskName: String?

  var message: String {
    let task = taskName.map { " in the task \"\($0)\"" } ?? ""
    let taken = "was taken as \(Self.text(duration)), due at \(registeredAt.advanced(by: duration))"
    let why =
      switch doubt {
      case .window(let lowest, let highest):
        """
        its request could have been anything from \(Self.text(lowest)) to \
        \(Self.text(highest)): only the deadline reaches the test executor, and the call may \
        have been held up \(Self.text(highest - lowest)) since it read `now` (work before the \
        call in its job, waits in the queue, or a busy machine). It is never more than \
        \(Self.text(RecoveredSleep.bound)) shorter than the request.
        """
      case .unbounded(let lowest):
        """
        its request was at least \(Self.text(lowest)), but the call came from a job that did \
        not run on the test executor, so how long it was held up is unknown.
        """
      }
    return """
      TestClock: a real-clock sleep (Task.sleep, ContinuousClock, SuspendingClock)\(task) \
      registered at \(registeredAt) \(taken); \(why) To make it exact, give the code the \
      clock: a `clock:` argument or a `some Clock` parameter set to the test clock, or \
      AsyncPacing's forms without `clock:`, which follow it.
      """
  }

  /// Milliseconds, to the nanosecond where it has any: "179.402 ms".
  private static func text(_ duration: Duration) -> String {
    // Past some 292 years: whole seconds, which is all such a sleep needs.
    guard let nanoseconds = RecoveredSleep.nanoseconds(duration) else {
      return "\(duration.components.seconds) s"
    }
    var text = String(nanoseconds / 1_000_000)
    var fraction = String(nanoseconds % 1_000_000)
    if fraction != "0" {
      fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text + " ms"
  }
}

extension TestClock {
  /// What this clock could not do exactly as the test's code asked, though nothing was
  /// misused: a real-clock sleep (`Task.sleep`, `ContinuousClock`, `SuspendingClock`) whose
  /// requested duration it recovered with a doubt, as a loaded machine can make it. Under
  /// ``withTestClock(scope:advancing:progressTimeout:fileID:filePath:line:column:isolation:_:)``
  /// and the `.testClock` trait they are one warning at the end of the test, which does not
  /// fail it.
  ///
  /// ```swift
  /// #expect(clock.warnings.isEmpty)
  /// ```
  public var warnings: [String] { state.withLock { $0.inexactSleeps.map(\.message) } }

  /// Keeps `sleep`, printing it when nobody will record it.
  func warn(_ sleep: InexactSleep) {
    let printsNow = state.withLock { state in
      state.inexactSleeps.append(sleep)
      return state.printing == .always
    }
    if printsNow { print("AsyncPacing warning: \(sleep.message)") }
  }

  /// The one warning a test gets for its clock's ``warnings``: the first ten, and how many
  /// more.
  static func warningToRecord(_ warnings: [String]) -> String? {
    guard !warnings.isEmpty else { return nil }
    let listed = warnings.prefix(10).map { "- \($0)" }.joined(separator: "\n")
    let more = warnings.count > 10 ? "\n- and \(warnings.count - 10) more" : ""
    return """
      \(warnings.count) real-clock sleep(s) of the test were recovered with a doubt, and may \
      differ from what the code asked for:
      \(listed)\(more)
      """
  }
}
