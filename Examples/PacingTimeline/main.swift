// Replays a person typing a search query through debounce and throttle at once, and draws
// what each one lets through as marble timelines. Run it with `swift run PacingTimeline`;
// `--help` lists the options.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .run(let parsed):
  options = parsed
case .help:
  Terminal.writeAll(Options.usage)
  exit(0)
case .invalid(let message):
  Terminal.writeAll("PacingTimeline: \(message)\n\n\(Options.usage)", to: STDERR_FILENO)
  exit(2)
}

let lanes = Lane.all(interval: options.replayInterval, intervalMs: options.intervalMs)
let drawing = Drawing(
  labels: ["input"] + lanes.map(\.label), explanations: lanes.map(\.explanation),
  intervalMs: options.intervalMs, speed: options.speed)
let timeline = Timeline(rowCount: lanes.count + 1, speed: options.speed)

let live = Terminal.isInteractive ? animate(drawing, timeline) : nil
// Held for the whole run: releasing the source would stop it from handling Control-C.
let interruptHandler = live == nil ? nil : Terminal.showCursorOnInterrupt()
let completed = await replay(lanes, intervalMs: options.intervalMs, into: timeline)
live?.cancel()
await live?.value

let report = drawing.report(timeline.snapshot()).joined(separator: "\n") + "\n"
Terminal.writeAll(report + (live == nil ? "" : Terminal.showCursor))
if !completed {
  Terminal.writeAll(
    "PacingTimeline: a row did not finish in time; the replay was stopped.\n", to: STDERR_FILENO)
  exit(1)
}
