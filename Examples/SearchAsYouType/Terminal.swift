import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal in raw mode, holding the settings from before so every way out can put them
/// back: a normal quit, Ctrl-C, and signals sent from outside.
final class Terminal: Sendable {
  /// `nil` once restored, so a signal that races a normal quit restores only once.
  private let original: Mutex<termios?>

  private init(original: termios) {
    self.original = Mutex(original)
  }

  /// Turns off echo (the screen shows the query itself), line buffering (each key counts at
  /// once), and the keys that send signals, so Ctrl-C and Ctrl-Z arrive as bytes and cannot
  /// stop the program with the terminal still raw.
  static func enterRawMode() -> Terminal? {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
    let terminal = Terminal(original: settings)
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    settings.c_iflag &= ~tcflag_t(IXON)
    withUnsafeMutableBytes(of: &settings.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) == 0 else { return nil }
    return terminal
  }

  func restore() {
    original.withLock { original in
      guard var settings = original else { return }
      original = nil
      _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &settings)
    }
  }

  /// Runs `handler` on a Dispatch queue when the process is asked to stop from outside (`kill`,
  /// a closed terminal). Keep the returned sources alive for as long as the handler should run.
  static func onTerminationSignals(
    _ handler: @escaping @Sendable (Int32) -> Void
  ) -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM, SIGHUP].map { number in
      // Ignoring the signal first keeps its default action, ending the process, from running
      // before the source sees it.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { handler(number) }
      source.resume()
      return source
    }
  }
}
