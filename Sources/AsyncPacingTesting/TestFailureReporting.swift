import Synchronization
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// The test line a failure is reported at, as either testing library takes it.
///
/// The public functions take it as `fileID:filePath:line:column:` (XCTest's form, which a file
/// that imports only XCTest can default) or as Swift Testing's `SourceLocation`. XCTest needs
/// the path as a `StaticString`, which a `SourceLocation` cannot give back.
struct CallerLocation: Sendable {
  let sourceLocation: SourceLocation
  /// The path for XCTest, when the caller gave one.
  let staticFilePath: StaticString?

  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    sourceLocation = SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    staticFilePath = filePath
  }

  init(_ sourceLocation: SourceLocation) {
    self.sourceLocation = sourceLocation
    staticFilePath = nil
  }
}

/// Reports the testing library's failures to the library running the test.
///
/// Swift 6.3 on Linux passes neither library's failures to the other: an `Issue.record` in an
/// XCTest test and an `XCTFail` in a Swift Testing test are both dropped, and the test passes
/// (measured; the closing note of the issue that added this says how). So the running library
/// is asked directly: a task of a Swift Testing test has `Test.current`; otherwise XCTest is
/// handed the failure, and an observer tells whether a running XCTest test case recorded it.
/// One that neither took is recorded as an issue, which Swift Testing reports when it runs.
enum TestFailureReporting {
  enum Kind {
    case failure
    /// Does not fail the test. XCTest has no warnings: under it, a warning is printed.
    case warning
  }

  static func record(_ message: String, at location: CallerLocation, as kind: Kind = .failure) {
    if Test.current == nil, recordedByXCTest(message, at: location, as: kind) { return }
    switch kind {
    case .failure:
      Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
    case .warning:
      #if compiler(>=6.3)
        Issue.record(
          Comment(rawValue: message), severity: .warning, sourceLocation: location.sourceLocation)
      #else
        // No warnings before Swift 6.3: a warning is recorded only after a failure, so it adds
        // no failure of its own.
        Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
      #endif
    }
  }

  /// How many failures XCTest test cases have recorded since the first call here: the count
  /// moves only while an XCTest test runs.
  static var xcTestFailureCount: Int {
    #if canImport(XCTest)
      XCTestFailureObserver.shared.failures
    #else
      0
    #endif
  }

  private static func recordedByXCTest(
    _ message: String, at location: CallerLocation, as kind: Kind
  ) -> Bool {
    #if canImport(XCTest)
      let observer = XCTestFailureObserver.shared
      switch kind {
      case .failure:
        let before = observer.failures
        if let filePath = location.staticFilePath {
          XCTFail(message, file: filePath, line: UInt(location.sourceLocation.line))
        } else {
          // A `SourceLocation` from an XCTest test: the path cannot be handed on, so the
          // message says where.
          XCTFail("\(location.sourceLocation): \(message)")
        }
        return observer.failures != before
      case .warning:
        guard observer.isTestCaseRunning else { return false }
        print(
          "\(location.sourceLocation.filePath):\(location.sourceLocation.line): warning: \(message)"
        )
        return true
      }
    #else
      return false
    #endif
  }
}

#if canImport(XCTest)
  /// Counts the failures of XCTest test cases, and knows whether one is running once it has
  /// seen one start.
  ///
  /// Registered on first use, from whichever thread asks first. XCTest notifies observers on the
  /// thread that records a failure, so the count is atomic.
  final class XCTestFailureObserver: NSObject, XCTestObservation, Sendable {
    static let shared: XCTestFailureObserver = {
      let observer = XCTestFailureObserver()
      XCTestObservationCenter.shared.addTestObserver(observer)
      return observer
    }()

    private let failureCount = Atomic(0)
    private let recordedFailureInRunningCase = Atomic(false)

    var failures: Int { failureCount.load(ordering: .acquiring) }

    /// Whether an XCTest test case has recorded a failure since it started, the sign that one is
    /// running when the observer was registered during it.
    var isTestCaseRunning: Bool { recordedFailureInRunningCase.load(ordering: .acquiring) }

    func testCaseWillStart(_ testCase: XCTestCase) {
      recordedFailureInRunningCase.store(true, ordering: .releasing)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      recordedFailureInRunningCase.store(false, ordering: .releasing)
    }

    func testCase(
      _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
      atLine lineNumber: Int
    ) {
      failureCount.add(1, ordering: .acquiringAndReleasing)
      recordedFailureInRunningCase.store(true, ordering: .releasing)
    }
  }
#endif
