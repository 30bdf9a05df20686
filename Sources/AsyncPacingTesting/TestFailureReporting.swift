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
/// is asked directly. A task of a Swift Testing test has `Test.current`: its failures are
/// issues. Any other failure goes to XCTest, which records it when one of its test cases is
/// running and drops it otherwise, and, before Swift 6.4, to Swift Testing as well: outside an
/// XCTest test that is where a failure from a detached task of a Swift Testing test goes, and
/// neither library reports what the other takes. From Swift 6.4, swift-corelibs-xctest hands an
/// `XCTFail` made outside its test cases to Swift Testing itself, so the second report would be
/// a duplicate (not measured here: only 6.3 is installed).
enum TestFailureReporting {
  enum Kind {
    case failure
    /// Does not fail the test. XCTest has no warnings: under it, a warning is printed.
    case warning
  }

  static func record(_ message: String, at location: CallerLocation, as kind: Kind = .failure) {
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
        // No warnings before Swift 6.3: a warning is recorded only after a failure, so it adds
        // no failure of its own.
        Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
      #endif
    }
  }

  /// How many failures XCTest test cases have recorded since the observer was registered (at
  /// the first `withCheckedTestClock` outside Swift Testing): it moves only while an XCTest
  /// test runs.
  static var xcTestFailureCount: Int {
    #if canImport(XCTest)
      XCTestFailureObserver.shared.failures
    #else
      0
    #endif
  }

  private static func recordWithXCTest(
    _ message: String, at location: CallerLocation, as kind: Kind
  ) {
    #if canImport(XCTest)
      switch kind {
      case .failure:
        if let filePath = location.staticFilePath {
          XCTFail(message, file: filePath, line: UInt(location.sourceLocation.line))
        } else {
          // A `SourceLocation` from an XCTest test: the path cannot be handed on, so the
          // message says where.
          XCTFail("\(location.sourceLocation): \(message)")
        }
      case .warning:
        // Only `withCheckedTestClock` warns, after a failure XCTest counted: a case is running.
        let place = "\(location.sourceLocation.filePath):\(location.sourceLocation.line)"
        print("\(place): warning: \(message)")
      }
    #endif
  }
}

#if canImport(XCTest)
  /// Counts the failures of XCTest test cases, so that `withCheckedTestClock` can tell whether
  /// its test failed.
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
