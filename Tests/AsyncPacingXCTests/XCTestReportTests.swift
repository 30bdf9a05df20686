import AsyncPacing
import AsyncPacingTesting
import Foundation
import XCTest

/// What XCTest itself prints for the testing library's failures: the tests below fail on
/// purpose in a child process of this test binary, and the parent reads its output.
final class XCTestReportTests: XCTestCase {
  private static let childVariable = "ASYNCPACING_DELIBERATE_XCTEST_FAILURES"

  func testFailuresAreXCTestFailuresAtTheCallersLineAndTheRunGoesOn() throws {
    #if canImport(Darwin)
      throw XCTSkip("reads the output of swift-corelibs-xctest")
    #else
      let output = try runChild(filter: "AsyncPacingXCTests.DeliberateXCTestFailures")
      let file = URL(fileURLWithPath: #filePath).lastPathComponent
      // corelibs-xctest prints `path:line: error: Case.test : failed - message`.
      let failures = output.split(separator: "\n").filter { $0.contains(": error: ") }
      XCTAssertEqual(failures.count, 3, output)
      XCTAssertTrue(
        failures.contains { $0.contains("\(file):\(DeliberateXCTestFailures.stepLine): error:") }
          && failures.contains { $0.contains("`step` must be positive") }, output)
      XCTAssertTrue(
        failures.contains { $0.contains("\(file):\(DeliberateXCTestFailures.guardLine): error:") },
        output)
      // The stalled test failed, and the test after it still ran: the process did not stop.
      XCTAssertTrue(output.contains("testZAfterTheStall' passed"), output)
      // A test that failed after moving a clock no sleep reached gets the hint, as a warning:
      // the observer counted XCTest's own failure.
      XCTAssertTrue(
        output.contains(
          "\(file):\(DeliberateXCTestFailures.hintLine): warning: No sleep ever reached this"),
        output)
    #endif
  }

  private func runChild(filter: String) throws -> String {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = [filter]
    child.environment = ProcessInfo.processInfo.environment.merging(
      [Self.childVariable: "1"], uniquingKeysWith: { $1 })
    let pipe = Pipe()
    child.standardOutput = pipe
    child.standardError = pipe
    try child.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

/// Fails on purpose, only in the child process of ``XCTestReportTests``.
final class DeliberateXCTestFailures: XCTestCase {
  static let stepLine = #line + 11
  static let guardLine = #line + 15

  override func setUpWithError() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["ASYNCPACING_DELIBERATE_XCTEST_FAILURES"] != nil,
      "fails on purpose: XCTestReportTests runs it in a child process")
  }

  func testAMarbleFailure() async {
    await withTestClock { clock in
      _ = clock.marbles("a-b", step: .zero)
    }
  }

  func testAStall() async {
    await withTestClock(progressTimeout: .milliseconds(200)) { clock in
      try? await clock.sleep(for: .seconds(1))
    }
  }

  static let hintLine = #line + 2
  func testAnUnusedClock() async {
    await withTestClock { clock in
      await clock.advance(by: .seconds(1))
      XCTFail("the view model never searched")
    }
  }

  func testZAfterTheStall() {}
}
