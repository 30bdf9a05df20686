@_spi(Diagnostics) import AsyncPacing
import Synchronization

/// The elements one value of a reducing throttle folded, as a run of upstream indices.
struct FoldedRun: Sendable, Equatable {
  let first: Int
  var last: Int
  var count = 1

  init(_ index: Int) {
    first = index
    last = index
  }

  func adding(_ index: Int) -> FoldedRun {
    var run = self
    run.last = index
    run.count += 1
    return run
  }
}

/// Every reducer call of one run, in call order (the reducer runs one call at a time).
final class ReducerLog: Sendable {
  struct Call: Sendable {
    let input: FoldedRun?
    let index: Int
    let output: FoldedRun
  }

  private let calls = Mutex<[Call]>([])

  func record(_ call: Call) {
    calls.withLock { $0.append(call) }
  }

  var recorded: [Call] { calls.withLock { $0 } }
}

/// What one run of the fold-integrity stress saw.
struct FoldIntegrity {
  /// Every element was folded once, in order, each fold into the previous fold's result or
  /// fresh; the consumer received finished values only, in order, and the last one; and every
  /// finished value was either received or replaced in the mailbox by a newer one.
  var isIntact: Bool
  /// Values whose fold was finished (no later call folded into them), how many of them the
  /// consumer received, and how many a newer value replaced while the consumer was not
  /// waiting, which the contract allows.
  var finishedValues: Int
  var receivedValues: Int
  var replacedValues: Int
}

/// Runs a reducing throttle over a fast upstream on the continuous clock, with windows that
/// end while elements are being folded and a reducer that sometimes sleeps, so the timer takes
/// the candidate back from the reader, or recalls it mid-fold, at random points.
func reducingRunIntegrity(elements: Int) async -> FoldIntegrity {
  let interval = Duration.microseconds(Int.random(in: 20...500))
  let log = ReducerLog()
  let folded = IndexSequence(count: elements).throttle(for: interval) {
    (run: FoldedRun?, index) in
    if index % 997 == 0 { try? await Task.sleep(for: .microseconds(Int.random(in: 0...300))) }
    let output = run?.adding(index) ?? FoldedRun(index)
    log.record(ReducerLog.Call(input: run, index: index, output: output))
    return output
  }
  var received: [FoldedRun] = []
  var iterator = folded.makeAsyncIterator()
  while let run = await iterator.next() { received.append(run) }
  let replaced = iterator.replacedOutputs

  let calls = log.recorded
  var intact = calls.count == elements
  var finished: [FoldedRun] = []
  for (position, call) in calls.enumerated() {
    intact = intact && call.index == position
    if position > 0, let input = call.input {
      // A fold continues the value the previous call produced, never an older one.
      intact = intact && input == calls[position - 1].output
    } else {
      intact = intact && call.input == nil
    }
    let isFinished = position == calls.count - 1 || calls[position + 1].input == nil
    if isFinished { finished.append(call.output) }
  }
  // What the consumer received is a subsequence of the finished values, ending with the last.
  var next = finished.startIndex
  for run in received {
    guard let match = finished[next...].firstIndex(of: run) else {
      intact = false
      break
    }
    next = match + 1
  }
  intact = intact && received.last == finished.last && received.count + replaced == finished.count
  return FoldIntegrity(
    isIntact: intact, finishedValues: finished.count, receivedValues: received.count,
    replacedValues: replaced)
}

/// `0..<count`, never suspending.
struct IndexSequence: AsyncSequence, Sendable {
  typealias Failure = Never
  let count: Int

  struct AsyncIterator: AsyncIteratorProtocol {
    var next = 0
    let count: Int

    mutating func next() async -> Int? {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(count: count)
  }
}
