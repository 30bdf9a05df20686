import AsyncPacing

/// RxJS's subscription diagrams: when each iteration of a played diagram began and ended, in
/// frames of its `step` counted from the instant the sequence was made.
extension MarbleSequence {
  /// Each iteration so far as an RxJS subscription diagram: `^` at its first `next()`, `!` when
  /// it ended (finished, failed, cancelled or released), `(^!)` for both at one frame, `^` alone
  /// while it goes on. A start or an end between two frames is drawn at the frame before.
  ///
  /// ```swift
  /// let letters = clock.marbles("a-b-c|", step: .seconds(1))
  /// _ = await clock.marbles(of: letters.prefix(2), step: .seconds(1))
  /// #expect(letters.subscriptions == ["^-!"])
  /// ```
  public var subscriptions: [String] {
    iterations.map { iteration in
      let start = frame(of: iteration.started)
      let lead = String(repeating: "-", count: start)
      guard let ended = iteration.ended else { return lead + "^" }
      let end = frame(of: ended)
      guard end > start else { return lead + "(^!)" }
      return lead + "^" + String(repeating: "-", count: end - start - 1) + "!"
    }
  }

  private func frame(of instant: TestClock.Instant) -> Int {
    created.duration(to: instant).dividedInWholeSteps(of: step).0
  }
}

extension TestClock {
  /// Settles the clock and records an issue at this line unless `source`'s subscriptions, as
  /// ``MarbleSequence/subscriptions`` draws them, are `expected`, in order: RxJS's
  /// `expectSubscriptions(…).toBe(…)`.
  ///
  /// ```swift
  /// let letters = clock.marbles("a-b-c|", step: .seconds(1))
  /// _ = await clock.marbles(of: letters.prefix(2), step: .seconds(1))
  /// await clock.expectSubscriptions(["^-!"], of: letters)
  /// ```
  public func expectSubscriptions<Element>(
    _ expected: [String], of source: MarbleSequence<Element>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await expectSubscriptions(
      expected, of: source,
      location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func expectSubscriptions<Element>(
    _ expected: [String], of source: MarbleSequence<Element>, location: TestSourceLocation
  ) async {
    await settle()
    let drawn = source.subscriptions
    guard drawn != expected else { return }
    TestFailureReporting.record(
      "the subscriptions differ: expected \(expected), drawn \(drawn)", at: location)
  }
}
