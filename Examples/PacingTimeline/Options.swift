/// The command line: the pacing interval and the replay speed.
struct Options {
  var intervalMs = 300
  var speed = 1.0

  /// The interval the operators really use. It shrinks as the speed grows, like every gap in
  /// the script, so a faster replay draws the same picture.
  var replayInterval: Duration { .milliseconds(Double(intervalMs) / speed) }

  enum Parsed {
    case run(Options)
    case help
    case invalid(String)
  }

  static let usage = """
    Usage: PacingTimeline [--interval MS] [--speed FACTOR]

    Replays someone typing a search query, with pauses, through debounce and throttle
    at once, and draws what each lets through as marble timelines.

    Options:
      --interval MS     the pacing interval in milliseconds, 0 to 1000 (default 300)
      --speed FACTOR    replay speed from 0.1 to 10; 2 runs twice as fast and halves the
                        interval too, so the picture stays the same (default 1)
      -h, --help        show this help

    In a terminal the timelines grow as time passes; when the output is not a terminal,
    the final diagram is printed once, as plain text.

    """

  static func parse(_ arguments: [String]) -> Parsed {
    var options = Options()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      // Both `--interval 300` and `--interval=300`.
      var name = argument
      var attached: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        attached = String(argument[argument.index(after: equals)...])
      }
      switch name {
      case "-h", "--help":
        guard attached == nil else { return .invalid("\(name) takes no value") }
        return .help
      case "--interval":
        guard let text = attached ?? rest.popFirst() else {
          return .invalid("--interval needs a value in milliseconds")
        }
        guard let milliseconds = Int(text), (0...1_000).contains(milliseconds) else {
          return .invalid("--interval takes whole milliseconds from 0 to 1000, not '\(text)'")
        }
        options.intervalMs = milliseconds
      case "--speed":
        guard let text = attached ?? rest.popFirst() else {
          return .invalid("--speed needs a factor, such as 2")
        }
        guard let factor = Double(text), (0.1...10).contains(factor) else {
          return .invalid("--speed takes a factor from 0.1 to 10, not '\(text)'")
        }
        options.speed = factor
      default:
        return .invalid("unknown option '\(argument)'")
      }
    }
    return .run(options)
  }
}
