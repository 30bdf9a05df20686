#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The input thread blocks, like a UI's event loop: `Debouncer.send` is synchronous, and the
// searches run on the concurrency pool meanwhile.

/// Writes all of `text` at once, unbuffered, so lines from the input thread and from searches
/// never interleave and nothing is left in a buffer at exit.
func emit(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}

func pauseThread(for duration: Duration) {
  let (seconds, attoseconds) = duration.components
  var remaining = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
  var request = remaining
  while nanosleep(&request, &remaining) != 0 && errno == EINTR {
    request = remaining
  }
}
