@_spi(Diagnostics) import AsyncPacing
import BenchmarkSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One burst of `count` elements through each operator and pacer, in this process, printing
/// `count peakKiB iteratorTasks pacerTasks`. Peak memory only grows within a process, so each size runs
/// in a process of its own (see `measureMemoryInChildProcesses`).
func runMemoryProbe(count: Int) async {
  var sum = 0
  for await value in CountingSequence(count: count).debounce(for: .seconds(10)) { sum &+= value }
  for await value in CountingSequence(count: count).throttle(for: .milliseconds(1)) {
    sum &+= value
  }
  let sums = CountingSequence(count: count).throttle(for: .milliseconds(1)) { ($0 ?? 0) &+ $1 }
  for await value in sums { sum &+= value }
  let iteratorTasks = PacingDiagnostics.startedInternalTasks
  let debouncer = Debouncer(for: .seconds(10)) { (value: Int) in if value == -42 { print(value) } }
  for value in 0..<count { debouncer.send(value) }
  debouncer.cancel()
  let throttler = Throttler(for: .seconds(10)) { (value: Int) in if value == -42 { print(value) } }
  for value in 0..<count { throttler.send(value) }
  throttler.cancel()
  let pacerTasks = PacingDiagnostics.startedInternalTasks - iteratorTasks
  if sum == 42 { print(sum) }
  print("\(count) \(peakResidentKiB()) \(iteratorTasks) \(pacerTasks)")
}

/// Runs this executable again as `memory N` for each size and prints the table.
func measureMemoryInChildProcesses(sizes: [Int]) {
  print("\nPeak memory, each burst size in its own process (3 operators + 2 pacers per process)")
  print("  elements   peak RSS   tasks: 3 iterators   2 pacer bursts")
  for size in sizes {
    guard let output = runChild(arguments: ["memory", String(size)]),
      let line = output.split(separator: "\n").last.map(String.init)
    else {
      print("  \(size): the child process failed")
      continue
    }
    let fields = line.split(separator: " ")
    guard fields.count == 4 else { continue }
    let kib = Int(fields[1]) ?? 0
    print(
      "  \(pad(String(size), 9))  \(pad("\(kib / 1024) MiB", 9))  \(pad(String(fields[2]), 19))  \(fields[3])"
    )
  }
}

/// Runs this executable with `arguments` and returns what it printed.
func runChild(arguments: [String]) -> String? {
  var pipeEnds: [Int32] = [0, 0]
  guard pipe(&pipeEnds) == 0 else { return nil }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
  posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
  let argv = ([CommandLine.arguments[0]] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, CommandLine.arguments[0], &actions, nil, argv, environ) == 0 else {
    return nil
  }
  close(pipeEnds[1])
  var output: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let read = read(pipeEnds[0], &buffer, buffer.count)
    if read <= 0 { break }
    output += buffer[0..<read]
  }
  close(pipeEnds[0])
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  return String(decoding: output, as: UTF8.self)
}
