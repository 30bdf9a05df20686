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
  /// fresh; the consumer received every finished value, in order, none replaced, so every
  /// element reached it exactly once (<doc:PacingContract>, "Delivery to the consumer",
  /// accumulating).
  var isIntact: Bool
  /// Values whose fold was finished (no later call folded into them), and how many of them the
  /// consumer received.
  var finishedValues: Int
  var receivedValues: Int
  /// Elements the received values hold between them.
  var receivedElements: Int
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
  // The consumer received the finished values themselves, and they cover every element once.
  let receivedElements = received.reduce(0) { $0 + $1.count }
  intact = intact && received == finished && replaced == 0 && receivedElements == elements
  return FoldIntegrity(
    isIntact: intact, finishedValues: finished.count, receivedValues: received.count,
    receivedElements: receivedElements)
}

/// A reducing throttle over `elements` elements of a fast upstream, read by a loop that does
/// nothing: how many elements the values it received hold (the probe's soak: before the
/// accumulation rule, most were replaced unseen).
func reducingSoak(elements: Int, interval: Duration) async -> Int {
  let folded = IndexSequence(count: elements).throttle(for: interval) {
    (count: Int?, _: Int) in (count ?? 0) + 1
  }
  var received = 0
  for await count in folded { received += count }
  return received
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
