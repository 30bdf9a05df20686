// A tour of TestClock: time moves only when the program says so, and every step runs all the
// work that became due. Run it with `swift run TestClockTour`.
import AsyncPacing
import AsyncPacingTestClock  // TestClock without a testing library: this is a program, not a test

await withTestClock { clock in
  let (keystrokes, typing) = AsyncStream.makeStream(of: String.self)

  // A "user" types three letters with pauses, timed by the clock.
  async let user: Void = {
    for (pause, text) in [(0, "S"), (120, "Sw"), (400, "Swi")] {
      try? await clock.sleep(for: .milliseconds(pause))
      typing.yield(text)
    }
    typing.finish()
  }()

  // A reader that notes when each keystroke arrives.
  async let reader: [String] = {
    var lines: [String] = []
    for await text in keystrokes { lines.append("  \(clock.now)  received \"\(text)\"") }
    return lines
  }()

  print("Virtual time starts at \(clock.now); nothing moves until the program advances it.")
  for _ in 0..<6 {
    await clock.advance(by: .milliseconds(100))
    print("advanced to \(clock.now): \(clock.pendingSleeperCount) task(s) still sleeping")
  }
  await user
  print("What the reader saw, at exact instants:")
  for line in await reader { print(line) }
}
