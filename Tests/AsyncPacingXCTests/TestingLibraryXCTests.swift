import AsyncPacing
import AsyncPacingTesting
import XCTest

/// Every public function and type of AsyncPacingTesting but the Swift Testing trait, called from
/// a file that imports only XCTest and the two libraries: each compiles with its defaults, and
/// each failure is an XCTest failure at the line of the call.
final class TestingLibraryXCTests: FailureCapturingTestCase {
  func testPlayingDrawingAndExpectingMarbles() async {
    await withTestClock { clock in
      let queries = clock.marbles("a-b-c-----d|", step: .milliseconds(100))
      let searches = queries.debounce(for: .milliseconds(300), clock: clock)
      let drawn = await clock.marbles(of: searches, step: .milliseconds(100))
      XCTAssertEqual(drawn, "-------c---[d|]")
      XCTAssertEqual(queries.iterations.count, 1)
      XCTAssertEqual(queries.iterations.first?.ending, .finished)

      let numbers = clock.marbles("a-b-^", step: .seconds(1), values: ["a": 1, "b": 2])
      await clock.expectMarbles(
        "2-4-^", of: numbers.map { $0 * 2 }, step: .seconds(1), busySteps: 0, maxSteps: 10)
    }
  }

  func testRecordingASequence() async {
    await withTestClock { clock in
      let (queries, typing) = AsyncStream.makeStream(of: String.self)
      await clock.record(queries.debounce(for: .milliseconds(300), clock: clock)) { searches in
        typing.yield("sw")
        await searches.expectNoEvents()
        typing.yield("swift")
        let query = await searches.nextElement()
        XCTAssertEqual(query, "swift")
        typing.finish()
        let end = await searches.next()
        XCTAssertEqual(end?.instant, TestClock.Instant(offset: .milliseconds(300)))
        XCTAssertEqual(searches.received.count, 2)
      }
      let lines = clock.marbles("a^", step: .seconds(1))
      await clock.record(lines) { lines in
        _ = await lines.nextElement()
        let error = await lines.expectFailure()
        XCTAssertEqual(error as? MarbleFailure, MarbleFailure(step: 1))
      }
      await clock.record(clock.marbles("a|", step: .seconds(1)), maxAdvances: 5) { events in
        let first = await events.next()
        XCTAssertEqual(first?.element, "a")
        XCTAssertEqual(first?.description.isEmpty, false)
        await events.expectFinish()
      }
      await clock.record(clock.marbles("abc", step: .seconds(1))) { events in
        events.ignoreRemainingEvents()
      }
    }
  }

  func testTheCurrentClockAndAClockThatMustNotBeUsed() async {
    await withTestClock(advancing: .automatic, progressTimeout: .seconds(60)) { clock in
      XCTAssertTrue(TestClock.current === clock)
      let unused = UnimplementedClock(name: "Feed.clock")
      XCTAssertEqual(unused.name, "Feed.clock")
      XCTAssertEqual(unused.minimumResolution, .zero)
      let alsoUnused: UnimplementedClock = .unimplemented("Search.clock")
      XCTAssertEqual(alsoUnused.name, "Search.clock")
      let iteration = MarbleIteration(started: clock.now, ended: nil, ending: .cancelled)
      XCTAssertEqual(iteration.ending, .cancelled)
      let event = RecordedEvent<Int>(kind: .element(1), instant: clock.now)
      XCTAssertEqual(event.element, 1)
    }
  }

  #if !canImport(Darwin)
    // Apple's XCTest would take these with `XCTExpectFailure`; they were not built there.

    func testEachFailureIsAnXCTestFailureAtTheCallersLine() async {
      var lines: [Int] = []
      let failures = await capturingFailures {
        lines = await withTestClock { clock in
          var lines: [Int] = []
          _ = clock.marbles("a-b", step: .zero)
          lines.append(#line - 1)
          _ = clock.marbles("a-b", step: .seconds(1), values: ["a": 1])
          lines.append(#line - 1)
          _ = await clock.marbles(of: clock.marbles("a|", step: .seconds(1)), step: .zero)
          lines.append(#line - 1)
          await clock.expectMarbles(
            "b|", of: clock.marbles("a|", step: .seconds(1)), step: .seconds(1))
          lines.append(#line - 2)
          await clock.record(clock.marbles("a|", step: .seconds(1))) { events in
            await events.expectFinish()
            lines.append(#line - 1)
            _ = await events.nextElement()
            lines.append(#line - 1)
            _ = await events.next()
            lines.append(#line - 1)
            await events.expectFailure()
            lines.append(#line - 1)
          }
          await clock.record(clock.marbles("a|", step: .seconds(1))) { events in
            await events.expectNoEvents()
            lines.append(#line - 1)
            events.ignoreRemainingEvents()
          }
          let unused = UnimplementedClock(name: "Feed.clock")
          lines.append(#line - 1)
          _ = unused.now
          let alsoUnused: UnimplementedClock = .unimplemented("Search.clock")
          lines.append(#line - 1)
          try? await alsoUnused.sleep(for: .seconds(1))
          return lines
        }
      }
      XCTAssertEqual(failures.map(\.line), lines, "\(failures)")
      XCTAssertTrue(failures.allSatisfy { $0.filePath == #filePath }, "\(failures)")
      XCTAssertTrue(failures[0].message.contains("`step` must be positive"), "\(failures[0])")
      XCTAssertTrue(failures[3].message.contains("the diagrams differ"), "\(failures[3])")
    }

    func testTheProgressGuardFailsTheTestAndCancelsTheBody() async {
      var line = 0
      let failures = await capturingFailures {
        await withTestClock(progressTimeout: .milliseconds(200)) { clock in
          // Waits on the clock for a deadline nobody advances to.
          try? await clock.sleep(for: .seconds(1))
        }
        line = #line - 4
      }
      XCTAssertEqual(failures.map(\.line), [line], "\(failures)")
      XCTAssertTrue(failures.first?.message.contains("no progress") == true, "\(failures)")
    }
  #endif
}
