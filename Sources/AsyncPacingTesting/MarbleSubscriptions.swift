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
    subscriptionFrames.map { iteration in
      let start = iteration.subscribed
      let lead = String(repeating: "-", count: start)
      guard let end = iteration.unsubscribed else { return lead + "^" }
      guard end > start else { return lead + "(^!)" }
      return lead + "^" + String(repeating: "-", count: end - start - 1) + "!"
    }
  }

  var subscriptionFrames: [SubscriptionFrames] {
    iterations.map { iteration in
      SubscriptionFrames(
        subscribed: frame(of: iteration.started), unsubscribed: iteration.ended.map(frame(of:)))
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
  /// The expected diagrams are read as RxJS reads them, in frames of `source`'s step:
  /// whitespace takes no frame, a time progression (`9ms`) its duration, and a diagram
  /// without `^` (`"----"`) stands for no subscription; a mistake in one is an issue here.
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
    var expectedFrames: [SubscriptionFrames] = []
    for diagram in expected {
      let reader = RxJSMarbleReader(diagram: diagram, step: source.step, allowsZeroFrame: false)
      do throws(MarbleSyntaxError) {
        if let frames = try reader.readSubscription() { expectedFrames.append(frames) }
      } catch {
        TestFailureReporting.record("expectSubscriptions: subscription \(error)", at: location)
        return
      }
    }
    await settle()
    guard source.subscriptionFrames != expectedFrames else { return }
    TestFailureReporting.record(
      "expectSubscriptions: the subscriptions differ: expected \(expected), drawn \(source.subscriptions)",
      at: location)
  }
}
