import Synchronization
import XCTest

/// A failure an XCTest test recorded on purpose, taken before XCTest counts it.
struct CapturedFailure: Sendable, CustomStringConvertible {
  let message: String
  let filePath: String
  let line: Int

  var description: String { "\(filePath):\(line): \(message)" }
}

/// A test case whose deliberate failures a test takes and checks, as `XCTExpectFailure` would on
/// Apple's XCTest (swift-corelibs-xctest has none): while ``capturingFailures(_:)`` runs, a
/// failure is handed back to the test instead of failing it; any other failure fails it.
class FailureCapturingTestCase: XCTestCase {
  // Written by the test's own task and read by XCTest's thread only between tests.
  private let capture = CaptureState()

  func capturingFailures(_ body: () async -> Void) async -> [CapturedFailure] {
    capture.open()
    await body()
    return capture.close()
  }

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    let failure = CapturedFailure(message: description, filePath: filePath, line: lineNumber)
    if !capture.take(failure) {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }
}

private final class CaptureState: Sendable {
  private let state = Mutex<[CapturedFailure]?>(nil)

  func open() { state.withLock { $0 = [] } }

  func close() -> [CapturedFailure] {
    state.withLock { state in
      defer { state = nil }
      return state ?? []
    }
  }

  func take(_ failure: CapturedFailure) -> Bool {
    state.withLock { state in
      guard state != nil else { return false }
      state?.append(failure)
      return true
    }
  }
}
