#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a byte or a sequence of bytes from a raw-mode terminal means here.
enum TerminalInput {
  case key(Key)
  case interrupt
  case quit
  case ignored
}

/// Decodes raw-mode input one key at a time, blocking until a key arrives.
struct KeyReader {
  /// Arrow keys and the like send Esc followed at once by more bytes; a person pressing Esc
  /// alone leaves a gap far longer than this.
  var escapeTimeoutMilliseconds: Int32 = 50

  /// `nil` when the input ends or fails.
  func next() -> TerminalInput? {
    guard let byte = readByte() else { return nil }
    switch byte {
    case 3: return .interrupt  // Ctrl-C
    case 4: return .quit  // Ctrl-D
    case 8, 127: return .key(.backspace)
    case 10, 13: return .key(.enter)
    case 21: return .key(.clear)  // Ctrl-U, as in a shell
    case 27: return escapeOrSequence()
    case 32...126: return .key(.character(Character(Unicode.Scalar(byte))))
    default: return .ignored
    }
  }

  private func escapeOrSequence() -> TerminalInput? {
    guard moreInputArrives() else { return .key(.escape) }
    guard let introducer = readByte() else { return nil }
    switch introducer {
    case UInt8(ascii: "["):
      // A control sequence: parameters and intermediates, then one final byte in 0x40...0x7E.
      while let byte = readByte() {
        if (0x40...0x7E).contains(byte) { return .ignored }
      }
      return nil
    case UInt8(ascii: "O"):
      // F1 to F4 and arrows in application mode: exactly one byte follows.
      return readByte() == nil ? nil : .ignored
    default:
      // Alt with a key: not a search edit.
      return .ignored
    }
  }

  private func moreInputArrives() -> Bool {
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, escapeTimeoutMilliseconds) > 0
  }

  private func readByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 1 { return byte }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }
}
