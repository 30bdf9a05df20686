import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Draws the search as a fixed block of lines below the cursor and redraws that block in place,
/// so the terminal's scrollback above it stays intact.
final class Screen: Sendable {
  private struct State {
    var drawnVersion = -1
    var height = 0
    var closed = false
  }

  private let state = Mutex(State())

  /// Callable from any thread. Keystrokes and searches report concurrently; drawing under the
  /// lock, newest snapshot only, keeps the screen from ending on a stale picture.
  func draw(_ snapshot: Snapshot) {
    state.withLock { state in
      guard !state.closed, snapshot.version > state.drawnVersion else { return }
      state.drawnVersion = snapshot.version
      var output = state.height == 0 ? ANSI.hideCursor : "\r" + ANSI.up(state.height - 1)
      let lines = Self.lines(for: snapshot, width: Self.width())
      output += ANSI.clearBelow + lines.joined(separator: "\n")
      state.height = lines.count
      emit(output)
    }
  }

  /// Leaves the last picture on screen, the cursor below it and visible again. Later draws,
  /// from a search that reports after the quit, are ignored.
  func close(_ snapshot: Snapshot) {
    draw(snapshot)
    state.withLock { state in
      guard !state.closed else { return }
      state.closed = true
      emit("\n" + ANSI.showCursor)
    }
  }

  static func lines(for snapshot: Snapshot, width: Int) -> [String] {
    let activity =
      if let query = snapshot.searching {
        "searching \"\(query)\"..."
      } else if snapshot.waiting {
        "waiting for a \(Session.pauseMilliseconds) ms pause (Return searches now, Esc cancels)"
      } else {
        snapshot.note
      }
    let heading =
      if let query = snapshot.resultsQuery {
        "results for \"\(query)\" (\(snapshot.results.shown.count) of \(snapshot.results.total)):"
      } else {
        "results:"
      }
    let results = (0..<Search.limit).map { index in
      index < snapshot.results.shown.count ? "  " + snapshot.results.shown[index] : ""
    }
    let status =
      "keystrokes \(snapshot.keystrokes) | started \(snapshot.started) | completed "
      + "\(snapshot.completed) | cancelled \(snapshot.cancelled) | query \"\(snapshot.query)\""
    let styled: [(String, String)] = [
      (ANSI.dim, "Return: search now  Esc: cancel  Ctrl-U: clear  Ctrl-D or Ctrl-C: quit"),
      (ANSI.bold, "> " + snapshot.query + "_"),
      ("", status),
      (ANSI.dim, activity),
      ("", heading),
    ]
    // A line that wraps would take two rows and throw off the redraw's cursor movement.
    return (styled + results.map { ("", $0) }).map { style, text in
      let fitted = String(text.prefix(max(width - 1, 1)))
      return style.isEmpty ? fitted : style + fitted + ANSI.reset
    }
  }

  private static func width() -> Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}

private enum ANSI {
  static let escape = "\u{1B}["
  static let hideCursor = escape + "?25l"
  static let showCursor = escape + "?25h"
  static let clearBelow = escape + "J"
  static let bold = escape + "1m"
  static let dim = escape + "2m"
  static let reset = escape + "0m"

  static func up(_ rows: Int) -> String {
    rows > 0 ? escape + "\(rows)A" : ""
  }
}
