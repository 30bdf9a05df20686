import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few terminal facts and escape codes the live view needs.
enum Terminal {
  /// Escape codes only make sense on a terminal; piped or in CI, output stays plain text.
  static var isInteractive: Bool { isatty(STDOUT_FILENO) != 0 }

  /// Columns of the terminal, so a live frame never wraps: a wrapped line would break the
  /// count of lines the next frame moves back up over.
  static var columns: Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
  static let clearLine = "\u{1B}[2K"
  static let clearToEnd = "\u{1B}[J"

  static func up(_ lines: Int) -> String {
    lines > 0 ? "\u{1B}[\(lines)A" : ""
  }

  /// Writes straight to the file descriptor: unbuffered, so a frame appears at once, and
  /// without the C `stdout` and `stderr` globals, which strict concurrency rejects.
  static func writeAll(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Makes Control-C show the cursor again before exiting, since the live view hides it.
  /// Keep the returned source alive for as long as that should hold.
  static func showCursorOnInterrupt() -> any DispatchSourceSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler {
      Terminal.writeAll(showCursor + "\n")
      exit(130)
    }
    source.resume()
    return source
  }
}
