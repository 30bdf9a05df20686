#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Search as you type in a terminal: every keystroke goes to a Debouncer, and a search runs once
// typing pauses; a newer query that settles cancels a search still running for an older one.

private let usage = """
  Usage: SearchAsYouType [--help]

  Search a bundled word list as you type. Every keystroke is sent to
  Debouncer(for: .milliseconds(\(Session.pauseMilliseconds)), cancelsRunningAction: true): a search
  runs once typing pauses for \(Session.pauseMilliseconds) ms and takes \
  \(Search.latencyMilliseconds) ms, and a newer query that settles meanwhile
  cancels it.

  In a terminal (raw mode; the original settings come back on every exit):
    printable keys  edit the query         Backspace  delete the last character
    Return          search now: flush()    Ctrl-U     clear the query
    Esc             cancel()               Ctrl-D     quit (Ctrl-C too, with status 130)

  """

private func runInTerminal() -> Int32 {
  guard let terminal = Terminal.enterRawMode() else {
    emit("SearchAsYouType: cannot switch the terminal to raw mode\n", to: STDERR_FILENO)
    return 1
  }
  let screen = Screen()
  let session = Session { _, snapshot in screen.draw(snapshot) }
  // Raw mode turns Ctrl-C into a byte, but `kill` and a closed terminal still send signals.
  let signalSources = Terminal.onTerminationSignals { signal in
    screen.close(session.snapshot)
    terminal.restore()
    emit(session.snapshot.summary + "\n")
    exit(128 + signal)
  }
  screen.draw(session.snapshot)
  let reader = KeyReader()
  var status: Int32 = 0
  var leaving = "Ctrl-D"
  reading: while true {
    switch reader.next() {
    case .key(let key): session.press(key)
    case .ignored: continue
    case .interrupt:
      (status, leaving) = (130, "Ctrl-C")
      break reading
    case .quit: break reading
    case nil:
      leaving = "end of input"
      break reading
    }
  }
  // Let a cancelled search report before the final picture, so the counts add up.
  session.stop(because: leaving)
  _ = session.waitUntilIdle(timeout: .seconds(1))
  screen.close(session.snapshot)
  terminal.restore()
  withExtendedLifetime(signalSources) {}
  emit(session.snapshot.summary + "\n")
  return status
}

switch CommandLine.arguments.dropFirst().first {
case nil:
  exit(isatty(STDIN_FILENO) == 1 ? runInTerminal() : Script.run())
case "--help", "-h":
  emit(usage + "\n" + Script.help + "\n")
  exit(0)
case let argument?:
  emit("SearchAsYouType: unknown argument \(argument)\n\n" + usage, to: STDERR_FILENO)
  exit(2)
}
