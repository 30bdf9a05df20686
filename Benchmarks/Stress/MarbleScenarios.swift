import AsyncPacing
import AsyncPacingTesting
import Testing  // the marble API takes the caller's source location as Swift Testing spells it

/// Marble diagrams played and drawn through an operator pipeline with the testing library,
/// including a busy consumer and a cancelled one. Outside a test, the library's issues go
/// nowhere, so the scenario compares the drawn diagrams itself.
func marbleRunIsExact(advancing: TestClock.Advancing = .manual) async -> Bool {
  await withTestClock(advancing: advancing) { clock in
    let step = Duration.milliseconds(100)
    let queries = clock.marbles("a-b-c-----d|", step: step)
    let searched = await clock.marbles(
      of: queries.debounce(for: step * 3, clock: clock), step: step)
    let typing = clock.marbles("a-b-c-d-e-f|", step: step)
    let busy = await clock.marbles(
      of: typing.debounce(for: step, clock: clock), step: step, busySteps: 5)
    let cancelled = await clock.marbles(
      of: typing.throttle(for: step * 3, clock: clock).map { $0.uppercased() }, step: step,
      cancelledAt: 4)
    return searched == "-------c---[d|]" && busy == "-a----c----f----|" && cancelled == "A--B"
      && typing.iterations.last?.ending == .cancelled && clock.pendingSleeperCount == 0
      && clock.diagnostics.isEmpty
  }
}
