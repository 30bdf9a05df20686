@testable import AsyncPacing

extension PacingActions {
  /// How the sequence ends, if this event ends it: only the machine tests ask.
  var ending: PacingEnding? {
    if case .end(let ending) = next { ending } else { nil }
  }
}
