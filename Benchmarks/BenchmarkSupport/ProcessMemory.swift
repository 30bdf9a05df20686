#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Peak resident memory of this process so far, in KiB. On Linux `VmHWM` from
/// `/proc/self/status`: `ru_maxrss` would carry the spawning parent's peak across `exec`.
public func peakResidentKiB() -> Int {
  if let kib = processStatusKiB("VmHWM:") { return kib }
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  #if canImport(Darwin)
    return Int(usage.ru_maxrss) / 1024  // Darwin counts bytes, Linux KiB.
  #else
    return Int(usage.ru_maxrss)
  #endif
}

/// Resident memory of this process now, in KiB (`VmRSS`; 0 where `/proc` is missing).
public func residentKiB() -> Int {
  processStatusKiB("VmRSS:") ?? 0
}

/// The figure of `field` in `/proc/self/status`, or `nil` where there is none.
private func processStatusKiB(_ field: String) -> Int? {
  guard let file = fopen("/proc/self/status", "r") else { return nil }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(
      decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if text.hasPrefix(field) {
      return Int(text.split(separator: " ").dropFirst().first ?? "")
    }
  }
  return nil
}
