// Reproduces, without AsyncPacing, the one ThreadSanitizer report that `.ci/tsan-suppressions.txt`
// suppresses:
//
//   swiftc -swift-version 6 -sanitize=thread -g Scripts/tsan-continuation-report.swift \
//     -o /tmp/tsan-continuation-report && /tmp/tsan-continuation-report
//
// One task parks a continuation behind a lock whose hand-offs the sanitizer sees; another task
// takes it and resumes it at once, so the resume often comes before the first task has
// suspended. The runtime then lets that task go on without the acquire annotation it uses when
// it runs a resumed task as a job, and the sanitizer pairs the resumer's read of the
// continuation with the task's next `withUnsafeContinuation` (swiftlang/swift#57803). Pass
// `slow` as the second argument to make the resumer wait first: the report goes away.
import Synchronization

final class ParkingSlot: Sendable {
  let continuation = Mutex<UnsafeContinuation<Int, Never>?>(nil)
  let handoff = Atomic<Int>(0)
  let isDone = Atomic<Bool>(false)

  func withLock<R>(_ body: (inout UnsafeContinuation<Int, Never>?) -> R) -> R {
    continuation.withLock { parked in
      _ = handoff.load(ordering: .acquiring)
      defer { handoff.store(0, ordering: .releasing) }
      return body(&parked)
    }
  }
}

let arguments = CommandLine.arguments.dropFirst()
let rounds = arguments.first.flatMap { Int($0) } ?? 200_000
let resumesSlowly = arguments.dropFirst().first == "slow"
let slot = ParkingSlot()

let resumer = Task.detached {
  var resumed = 0
  while !slot.isDone.load(ordering: .acquiring) {
    guard let parked = slot.withLock({ $0.take() }) else { continue }
    if resumesSlowly {
      for _ in 0..<20_000 { _ = slot.handoff.load(ordering: .relaxed) }
    }
    parked.resume(returning: resumed)
    resumed += 1
  }
  return resumed
}
let parker = Task.detached {
  var sum = 0
  for _ in 0..<rounds {
    sum &+= await withUnsafeContinuation { continuation in slot.withLock { $0 = continuation } }
  }
  slot.isDone.store(true, ordering: .releasing)
  return sum
}
let sum = await parker.value
let resumed = await resumer.value
print("\(rounds) continuations parked, \(resumed) resumed, sum of results \(sum)")
