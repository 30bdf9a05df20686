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
      XCTAssertEqual(failures.count, 4, output)
      XCTAssertTrue(
        failures.contains { $0.contains("\(file):\(DeliberateXCTestFailures.stepLine): error:") }
          && failures.contains { $0.contains("`step` must be positive") }, output)
      XCTAssertTrue(
        failures.contains { $0.contains("\(file):\(DeliberateXCTestFailures.guardLine): error:") },
        output)
      // The stalled test failed, and the test after it still ran: the process did not stop.
      XCTAssertTrue(output.contains("testZAfterTheStall' passed"), output)
      // The escape is a printed warning at the call; the test passes.
      XCTAssertTrue(
        output.contains(
          "\(file):\(DeliberateXCTestFailures.escapeLine): warning: TestClock: the test's code "
            + "started 1 task(s)"), output)
      XCTAssertTrue(output.contains("testAnEscapedTask' passed"), output)
      // A clock read outside any scope fails its test, which runs to its end.
      XCTAssertTrue(
        failures.contains { $0.contains("TestClock.current is read outside a test clock's scope") },
        output)
      XCTAssertTrue(output.contains("testTheClockReadOutsideItsScope' failed"), output)
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
  static let isChild =
    ProcessInfo.processInfo.environment["ASYNCPACING_DELIBERATE_XCTEST_FAILURES"] != nil

  /// Runs a test only in the child process: in the parent it passes without running, and the
  /// run prints no skip.
  override func invokeTest() {
    if Self.isChild { super.invokeTest() }
  }

  static let stepLine = #line + 2
  func testAMarbleFailure() async {
    await withTestClock { clock in _ = clock.marbles("a-b", step: .zero) }
  }

  static let guardLine = #line + 2
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

  /// XCTest has no warnings: the escape is a printed line, and the test passes.
  static let escapeLine = #line + 2
  func testAnEscapedTask() async {
    await withTestClock { clock in
      let synced = Task { try? await Task.sleep(for: .milliseconds(1)) }
      await clock.advance(by: .seconds(5))
      synced.cancel()
    }
  }

  func testTheClockReadOutsideItsScope() async {
    let clock = TestClock.current
    await clock.advance(by: .seconds(1))
  }

  func testZAfterTheStall() {}
}
