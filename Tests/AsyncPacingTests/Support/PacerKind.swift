import AsyncPacing
import AsyncPacingTesting
import Testing

/// The two callback pacers, for a test that holds for either.
enum PacerKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case debouncer
  case throttler

  var testDescription: String { rawValue }

  /// A pacer of this kind with its default options.
  func make<Value: Sendable, C: Clock>(
    for interval: C.Duration, clock: C, _ action: @escaping @Sendable (Value) async -> Void
  ) -> any CallbackPacer<Value> {
    switch self {
    case .debouncer: Debouncer(for: interval, clock: clock, action)
    case .throttler: Throttler(for: interval, clock: clock, action)
    }
  }
}

extension Recorder<String> {
  /// A pacer's action that records each start as `"a at +1s"` and then works `duration` on
  /// `clock`, carrying on through a cancellation as a careless action would.
  func startsAction(on clock: TestClock, working duration: Duration = .zero)
    -> @Sendable (String) async -> Void
  {
    { value in
      self.record("\(value) at \(clock.now)")
      if duration > .zero { try? await clock.sleep(for: duration) }
    }
  }
}
