import Synchronization
import Testing

#if canImport(XCTest)
  import XCTest
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TestSourceLocation {
  /// The place of a caller that gave Swift Testing's `SourceLocation`: XCTest cannot take its
  /// path, which a failure then names in its message.
  init(_ sourceLocation: SourceLocation) {
    self.init(
      fileID: sourceLocation.fileID, filePath: sourceLocation.filePath, line: sourceLocation.line,
      column: sourceLocation.column)
  }

  var sourceLocation: SourceLocation {
    SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Reports the testing library's failures to the library running the test.
///
/// Swift 6.3 on Linux passes neither library's failures to the other: an `Issue.record` in an
/// XCTest test and an `XCTFail` in a Swift Testing test are both dropped, and the test passes
/// (measured; the closing note of the issue that added this says how). So the running library
/// is asked directly. A task of a Swift Testing test has `Test.current`: its failures are
/// issues. Any other failure goes to XCTest, which records it when one of its test cases is
/// running and drops it otherwise, and, before Swift 6.4, to Swift Testing as well: outside an
/// XCTest test that is where a failure from a detached task of a Swift Testing test goes, and
/// neither library reports what the other takes. From Swift 6.4, swift-corelibs-xctest hands an
/// `XCTFail` made outside its test cases to Swift Testing itself, so the second report would be
/// a duplicate (not measured here: only 6.3 is installed).
enum TestFailureReporting {
  /// XCTest has no warnings: under it, a warning is printed.
  static func record(
    _ message: String, at location: TestSourceLocation, as kind: TestReportKind = .failure
  ) {
    if Test.current == nil {
      recordWithXCTest(message, at: location, as: kind)
      #if compiler(>=6.4)
        return
      #endif
    }
    switch kind {
    case .failure:
      Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
    case .warning:
      #if compiler(>=6.3)
        Issue.record(
          Comment(rawValue: message), severity: .warning, sourceLocation: location.sourceLocation)
      #else
        // No warnings before Swift 6.3, where the only one a test clock gives is a failing test's
        // hint (escapes and recovered sleeps need the 6.3 hooks): it adds no failure of its own.
        Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
      #endif
    }
  }

  /// How many failures XCTest test cases have recorded since the observer was registered (at
  /// the first test clock outside Swift Testing): it moves only while an XCTest test runs.
  static var xcTestFailureCount: Int {
    #if canImport(XCTest)
      XCTestFailureObserver.shared.failures
    #else
      0
    #endif
  }

  private static func recordWithXCTest(
    _ message: String, at location: TestSourceLocation, as kind: TestReportKind
  ) {
    #if canImport(XCTest)
      switch kind {
      case .failure:
        if let filePath = location.staticFilePath {
          XCTFail(message, file: filePath, line: UInt(location.line))
        } else {
          // A `SourceLocation` from an XCTest test: the path cannot be handed on, so the
          // message says where.
          XCTFail("\(location): \(message)")
        }
      case .warning:
        // A test clock warns at the end of a test, while its case runs.
        let place = "\(location.filePath):\(location.line)"
        print("\(place): warning: \(message)")
      }
    #endif
  }
}

/// The testing libraries' reporter, which the test clock's module finds at run time by this
/// type's name (`TestReporters.current`): failures go to the library running the test. In a
/// process that is no test run (a program that links this library, as the package's `Stress`
/// tool does), no library would take them: there a failure stops the process with its message,
/// as in a program that links the test clock alone.
final class TestingLibraryReporter: TestReporting {
  init() {}

  func record(_ message: String, at location: TestSourceLocation, as kind: TestReportKind) {
    guard Test.current != nil || Self.isTestRun else {
      return ProcessReporter().record(message, at: location, as: kind)
    }
    TestFailureReporting.record(message, at: location, as: kind)
  }

  /// Whether this process runs tests: an XCTest bundle or runner (SwiftPM's `*.xctest` on
  /// Linux, Xcode's `xctest` and its environment on Apple platforms) or Swift Testing's. Told
  /// as swift-issue-reporting tells it: XCTest says of no running test case whether one runs.
  static let isTestRun: Bool = {
    let arguments = CommandLine.arguments
    let marks = arguments.contains { argument in
      let name = argument.split(separator: "/").last.map(String.init) ?? argument
      return name.hasSuffix(".xctest") || name == "xctest" || name == "swiftpm-testing-helper"
        || argument == "--testing-library"
    }
    let environment = [
      "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier",
    ]
    return marks || environment.contains { getenv($0) != nil }
  }()

  func recordInRunningTest(_ message: String) -> Bool {
    if let test = Test.current {
      TestFailureReporting.record(message, at: TestSourceLocation(test.sourceLocation))
      return true
    }
    guard Self.isTestRun else { return false }
    // An XCTest test, whose place XCTest alone knows: the failure names this library's line.
    TestFailureReporting.record(
      message, at: TestSourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: 1)
    )
    return true
  }

  func runObservingFailures(
    isolation: isolated (any Actor)?, _ body: () async -> Void
  ) async -> Bool {
    guard Test.current != nil || Self.isTestRun else {
      return await ProcessReporter().runObservingFailures(isolation: isolation, body)
    }
    guard Test.current != nil else {
      // An XCTest test, or none: XCTest's failures are counted as they are recorded.
      let failuresBefore = TestFailureReporting.xcTestFailureCount  // registers the observer
      await body()
      return TestFailureReporting.xcTestFailureCount != failuresBefore
    }
    let failuresSeen = Mutex(false)
    await withKnownIssue(isIntermittent: true, isolation: isolation) {
      // Observes the body's issues without claiming any: a warning may follow a failure.
      await body()
    } matching: { issue in
      #if compiler(>=6.3)
        if issue.isFailure { failuresSeen.withLock { $0 = true } }
      #else
        failuresSeen.withLock { $0 = true }  // before Swift 6.3 every issue is a failure
      #endif
      return false
    }
    return failuresSeen.withLock { $0 }
  }
}

#if canImport(XCTest)
  /// Counts the failures of XCTest test cases, so that a test clock can tell whether its test
  /// failed.
  ///
  /// XCTest notifies observers on the thread that records a failure, so the count is atomic.
  final class XCTestFailureObserver: NSObject, XCTestObservation, Sendable {
    /// Registered on first use, inside a test, while XCTest's runner waits for it.
    /// swift-corelibs-xctest's observation center has no thread rule and no lock: only a
    /// failure recorded on another thread at that very moment would read the observers while
    /// one is added. Apple's XCTest takes observers on the main thread only: there a
    /// registration from elsewhere is sent to the main queue, and failures before it arrives are
    /// not counted (not built or run here).
    static let shared: XCTestFailureObserver = {
      let observer = XCTestFailureObserver()
      #if canImport(Darwin)
        if Thread.isMainThread {
          XCTestObservationCenter.shared.addTestObserver(observer)
        } else {
          DispatchQueue.main.async { XCTestObservationCenter.shared.addTestObserver(observer) }
        }
      #else
        XCTestObservationCenter.shared.addTestObserver(observer)
      #endif
      return observer
    }()

    private let failureCount = Atomic(0)

    var failures: Int { failureCount.load(ordering: .acquiring) }

    func testCase(
      _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
      atLine lineNumber: Int
    ) {
      failureCount.add(1, ordering: .acquiringAndReleasing)
    }
  }
#endif
