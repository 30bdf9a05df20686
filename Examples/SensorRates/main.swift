// A progress source reports about every millisecond for two seconds; a progress bar needs ten
// updates a second. Both throttles below cut the rate to one value per 100 ms window, and both
// deliver the final 100% although it arrives in the middle of a window with nothing after it:
// the window's end is a timer, not the next value.
import AsyncPacing

let window = Duration.milliseconds(100)
// Not a whole number of windows, so that 100% arrives in the middle of one.
let producing = Duration.milliseconds(2050)
let start = ContinuousClock.now

let sensor = Tally()
let throttled = Tally()
let throttlerRan = Tally()

/// Reports progress every millisecond or so, then exactly 100%.
func runSensor(_ report: (Double) -> Void) async {
  while case let elapsed = ContinuousClock.now - start, elapsed < producing {
    report(elapsed / producing)
    try? await Task.sleep(for: .milliseconds(1))
  }
  report(1)
}

let (readings, continuation) = AsyncStream.makeStream(of: Double.self)
// Written in top-level code, the action runs on the main actor, where a progress bar lives.
let throttler = Throttler(for: window) { (progress: Double) in throttlerRan.record(progress) }

let display = Task {
  for await progress in readings.throttle(for: window) { throttled.record(progress) }
}
printHeader()
let ticker = Task {
  for tick in 1... {
    try await Task.sleep(until: start + .milliseconds(250 * tick))
    printRow(elapsed: .now - start)
  }
}

await runSensor { progress in
  sensor.record(progress)
  continuation.yield(progress)
  throttler.send(progress)
}
// The sensor is silent but the stream stays open: only the window's timer can deliver 100%.
try? await Task.sleep(for: .milliseconds(300))
continuation.finish()
await display.value
ticker.cancel()
let finishedAt = ContinuousClock.now - start
printRow(elapsed: finishedAt)

let sent = sensor.snapshot
let sentAt = (sent.lastAt ?? start) - start
print()
print("100% was sent at +\(fixed(sentAt.seconds, digits: 4))s, in the middle of a window.")
for (name, tally) in [(".throttle", throttled), ("Throttler", throttlerRan)] {
  let out = tally.snapshot
  guard out.last == 1, let deliveredAt = out.lastAt else {
    print("\(name): 100% did not arrive; last \(percent(out.last)).")
    continue
  }
  let delay = (deliveredAt - start - sentAt).seconds * 1000
  print("\(name): 100% arrived \(fixed(delay, digits: 1)) ms later, when that window ended.")
}
let closedAt = "+\(fixed(finishedAt.seconds, digits: 2))s"
print("Nothing followed 100%, and the stream stayed open until \(closedAt):")
print("each window's timer delivered it, not a later value and not the stream's end.")
