import AsyncPacing
import AsyncPacingTesting

/// What a timeout on the test clock throws, for an operation or upstream failing with `Failure`.
typealias TestClockTimeout<Failure: Error> = TimeoutFailure<TestClock.Instant, Failure>

/// The peers' `TestException`: an error of the operation or of the upstream itself, which a
/// timeout must tell apart from its own.
struct TestException: Error, Equatable {}

/// A timeout's error in one line, `timedOut(+0.1s)` or `failed(…)`, for errors whose `Failure`
/// is not `Equatable` and for logs of several outcomes.
func timeoutSummary<Failure>(of failure: TestClockTimeout<Failure>) -> String {
  switch failure {
  case .timedOut(let deadline): "timedOut(\(deadline))"
  case .failed(let error): "failed(\(error))"
  }
}

/// A marble iteration from `started` to `ended`, given in `unit`s of the test clock (seconds
/// unless said otherwise).
func marbleIteration(
  _ started: Int, _ ended: Int, _ ending: MarbleIteration.Ending, unit: Duration = .seconds(1)
) -> MarbleIteration {
  MarbleIteration(
    started: TestClock.Instant(offset: unit * started),
    ended: TestClock.Instant(offset: unit * ended), ending: ending)
}
