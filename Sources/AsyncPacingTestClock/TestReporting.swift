import AsyncPacing

/// Where a call is in the test's source, as both testing libraries take it.
package struct TestSourceLocation: Sendable, CustomStringConvertible {
  package var fileID: String
  package var filePath: String
  package var line: Int
  package var column: Int
  /// The path as XCTest takes it, when the caller gave one: a `String` cannot become a
  /// `StaticString` again.
  package var staticFilePath: StaticString?

  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = "\(fileID)"
    self.filePath = "\(filePath)"
    self.line = Int(line)
    self.column = Int(column)
    staticFilePath = filePath
  }

  package init(fileID: String, filePath: String, line: Int, column: Int) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    staticFilePath = nil
  }

  /// `fileID:line:column`, as Swift Testing prints a place.
  package var description: String { "\(fileID):\(line):\(column)" }
}

/// What a report is to the test.
package enum TestReportKind: Sendable {
  case failure
  /// Does not fail the test.
  case warning
}

/// What the testing library running the test takes from a test clock: failures and warnings,
/// and whether the test failed while its body ran.
package protocol TestReporting: Sendable {
  init()
  func record(_ message: String, at location: TestSourceLocation, as kind: TestReportKind)
  /// Runs `body`, isolated to `isolation`, and says whether the running test recorded a failure
  /// meanwhile.
  func runObservingFailures(
    isolation: isolated (any Actor)?, _ body: () async -> Void
  ) async -> Bool
  /// Records `message` as a failure of the running test, for a call that has no place of its
  /// own (a property read): at the test's declaration where the library knows it. Returns
  /// `false` when no test runs, so that the caller stops the process instead.
  func recordInRunningTest(_ message: String) -> Bool
}

extension TestReporting {
  /// No test runs: the caller stops the process.
  package func recordInRunningTest(_ message: String) -> Bool { false }
}

extension TestReporters {
  /// A mistake in a call that has no place of its own: a failure of the running test, whose
  /// message adds how the call goes on (`goingOn`); with no test running, the process stops.
  package static func recordMistake(_ mistake: String, goingOn: String) {
    guard current.recordInRunningTest(mistake + goingOn) else {
      fatalError(mistake + " No test is running to record it.")
    }
  }
}

/// The reporter of this process, found once.
package enum TestReporters {
  /// The testing library's, when the program links `AsyncPacingTesting` (every test target that
  /// depends on the product does): found by its type's name, as swift-issue-reporting finds the
  /// testing libraries, since this module imports neither Swift Testing nor XCTest, so that a
  /// program that is no test can use it. Otherwise the process's own.
  package static let current: any TestReporting = {
    // `AsyncPacingTesting.TestingLibraryReporter`, mangled: the runtime's lookup of a type by
    // name reads its metadata records, which a statically linked test executable keeps (a
    // symbol of its, `dlsym` would not find: test executables do not export them on Linux).
    let name = "18AsyncPacingTesting22TestingLibraryReporterC"
    guard let found = _typeByName(name) else { return ProcessReporter() }
    guard let library = found as? any TestReporting.Type else {
      // Two copies of this module in one process would do it: each has its own protocol.
      print(
        "AsyncPacing: \(found) is not this module's TestReporting (is AsyncPacingTestClock "
          + "linked twice?); failures stop the process instead of reaching the testing library")
      return ProcessReporter()
    }
    return library.init()
  }()
}

/// The reporter of a program that links no testing library (the `TestClockTour` example): a
/// failure stops the process with its message, a warning is printed.
package struct ProcessReporter: TestReporting {
  package init() {}

  package func record(
    _ message: String, at location: TestSourceLocation, as kind: TestReportKind
  ) {
    switch kind {
    case .failure:
      fatalError("\(location): \(message)")
    case .warning:
      print("\(location): warning: \(message)")
    }
  }

  package func runObservingFailures(
    isolation: isolated (any Actor)?, _ body: () async -> Void
  ) async -> Bool {
    await body()
    // A failure stops the process: none was recorded if it still runs.
    return false
  }
}
