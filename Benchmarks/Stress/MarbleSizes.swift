import AsyncPacing
import AsyncPacingTesting
import Testing  // the marble API takes the caller's source location as Swift Testing spells it

/// `Stress marble-sizes`: how long a diagram of each size takes to parse (made into a sequence)
/// and to play through a drawing, in a release build; a measurement for the adversarial
/// probe's long diagrams, not a check. Parsing and playing must grow linearly.
func measureMarbleSizes(_ sizes: [Int]) async {
  for size in sizes {
    let diagram = String(repeating: "a-", count: size / 2) + "|"
    let parseStart = ContinuousClock.now
    let elements = await withTestClock { clock -> Int in
      let played = clock.marbles(diagram, step: .seconds(1))
      // Played to its end on the test executor, one step per element, while `run` advances.
      let playing = Task(executorPreference: clock.taskExecutor) {
        var letters = played.makeAsyncIterator()
        var count = 0
        while (try? await letters.next()) != nil { count += 1 }
        return count
      }
      await clock.run(maxAdvances: size + 1)
      return await playing.value
    }
    let elapsed = ContinuousClock.now - parseStart
    print(
      "marble diagram of \(diagram.count) characters: parsed and played \(elements) elements in \(elapsed)"
    )
  }
}
