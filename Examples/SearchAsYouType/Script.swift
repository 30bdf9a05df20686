#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Line mode, for when stdin is not a terminal: each line is a command, and events come out
/// as plain lines, so a run can be scripted, read and compared.
enum Script {
  /// Fast enough that the debounce sees a burst, as it would from a person typing.
  static let keystrokeGap: Duration = .milliseconds(50)

  static let help = """
    Script mode (stdin is not a terminal), one command a line:
      text            type these characters, one keystroke every 50 ms
      :pause MS       wait MS milliseconds
      :enter          Return: search the pending query now (flush)
      :esc            Esc: drop the pending query, cancel a running search (cancel)
      :backspace [N]  press Backspace N times (default 1)
      :clear          clear the query in one keystroke (Ctrl-U)
      :quit           cancel everything and stop
      # comment       ignored, as are empty lines
    At the end of the input, the pending query runs at once and the program waits for it.
    """

  static func run() -> Int32 {
    let session = Session { event, _ in
      if let line = describe(event) { emit(line + "\n") }
    }
    emit(
      "debounce \(Session.pauseMilliseconds) ms, cancelsRunningAction: true; "
        + "each search takes \(Search.latencyMilliseconds) ms\n")
    var lineNumber = 0
    while let line = readLine() {
      lineNumber += 1
      switch Command(line) {
      case .type(let text):
        emit("> type \"\(text)\"\n")
        for (index, character) in text.enumerated() {
          if index > 0 { pauseThread(for: keystrokeGap) }
          session.press(.character(character))
        }
      case .keys(let key, let count, let label):
        emit("> \(label)\n")
        for index in 0..<count {
          if index > 0 { pauseThread(for: keystrokeGap) }
          session.press(key)
        }
      case .pause(let milliseconds):
        // Reported when it ends, so the line keeps its place among the events it waited for.
        pauseThread(for: .milliseconds(milliseconds))
        emit("> waited \(milliseconds) ms\n")
      case .quit:
        emit("> quit: cancel()\n")
        session.stop(because: "quit")
        return finish(session)
      case .nothing:
        continue
      case .invalid(let message):
        emit("line \(lineNumber): \(message)\n", to: STDERR_FILENO)
        session.stop(because: "an invalid script line")
        return 2
      }
    }
    emit("> end of input: flush(), then wait for the last search\n")
    session.press(.enter)
    return finish(session)
  }

  private static func finish(_ session: Session) -> Int32 {
    if !session.waitUntilIdle(timeout: .seconds(5)) {
      emit("gave up waiting for the last search\n", to: STDERR_FILENO)
    }
    emit(session.snapshot.summary + "\n")
    return 0
  }

  private static func describe(_ event: SearchEvent) -> String? {
    switch event {
    case .edited, .escaped:
      return nil
    case .started(let query):
      return "search \"\(query)\" started"
    case .cancelled(let query):
      return "search \"\(query)\" cancelled"
    case .cleared:
      return "query is empty: results cleared"
    case .completed(let query, let matches):
      guard matches.total > 0 else { return "results for \"\(query)\": none" }
      let more = matches.total > matches.shown.count ? " (\(matches.total) in all)" : ""
      return "results for \"\(query)\": " + matches.shown.joined(separator: ", ") + more
    }
  }
}

/// One line of a script.
private enum Command {
  case type(String)
  case keys(Key, count: Int, label: String)
  case pause(milliseconds: Int)
  case quit
  case nothing
  case invalid(String)

  init(_ line: String) {
    self = Self.parse(line) ?? .invalid("not a command: \"\(line)\" (see --help)")
  }

  private static func parse(_ line: String) -> Command? {
    if line.isEmpty || line.hasPrefix("#") { return .nothing }
    guard line.hasPrefix(":") else { return .type(line) }
    let parts = line.dropFirst().split(separator: " ").map(String.init)
    let number = parts.count == 2 ? Int(parts[1]) : nil
    switch (parts.first ?? "", parts.count) {
    case ("pause", 2):
      return number.flatMap { $0 >= 0 ? .pause(milliseconds: $0) : nil }
    case ("enter", 1):
      return .keys(.enter, count: 1, label: "enter: flush()")
    case ("esc", 1):
      return .keys(.escape, count: 1, label: "esc: cancel()")
    case ("backspace", 1):
      return .keys(.backspace, count: 1, label: "backspace")
    case ("backspace", 2):
      return number.flatMap {
        $0 > 0 ? .keys(.backspace, count: $0, label: "backspace x\($0)") : nil
      }
    case ("clear", 1):
      return .keys(.clear, count: 1, label: "clear")
    case ("quit", 1):
      return .quit
    default:
      return nil
    }
  }
}
