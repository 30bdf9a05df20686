@_spi(Diagnostics) import AsyncPacing

/// Runs `iterations` short lives of operators and pacers on the continuous clock, each ended
/// at a random point by cancelling the consumer, dropping the iterator, or cancelling or
/// releasing a pacer mid-action. Every iteration must end; afterwards no internal task may
/// be left, and no deadline in the timer the continuous clock shares. Returns what is still
/// there after a bounded wait.
func cancellationStress(iterations: Int) async -> (tasks: Int, deadlines: Int) {
  for iteration in 0..<iterations {
    let interval = Duration.microseconds(Int.random(in: 0...400))
    let endAfter = Duration.microseconds(Int.random(in: 0...1_500))
    switch iteration % 11 {
    case 0:
      await consumeAndCancel(after: endAfter) { $0.debounce(for: interval) }
    case 1:
      await consumeAndCancel(after: endAfter) {
        $0.throttle(for: interval) { (sum: Int?, value) in
          try? await Task.sleep(for: .microseconds(Int.random(in: 0...200)))
          return (sum ?? 0) &+ value
        }
      }
    case 2:
      await consumeAndDrop(elements: Int.random(in: 0...20)) { $0.throttle(for: interval) }
    case 3:
      await sendAndEnd(after: endAfter, release: false) { action in
        let debouncer = Debouncer(for: interval, edges: [.leading, .trailing], action)
        return (debouncer.send, debouncer.cancel)
      }
    case 4:
      await sendAndEnd(after: endAfter, release: true) { action in
        let throttler = Throttler(for: interval, cancelsRunningAction: Bool.random(), action)
        return (throttler.send, throttler.cancel)
      }
    case 5:
      // A limit near the producer's pauses: some iterations time out before the cancel.
      let limit = Duration.microseconds(Int.random(in: 1...100))
      await consumeThrowingAndCancel(after: endAfter) { $0.timeout(after: limit) }
    case 6:
      let limit = Duration.microseconds(Int.random(in: 1...100))
      await consumeAndCancel(after: endAfter) {
        $0.timeout(after: limit, continuingWith: AsyncStream { $0.finish() })
      }
    case 7:
      await timeOperationAndCancel(after: endAfter, limit: interval)
    case 8:
      // Tokens near the producer's pace: some elements wait for theirs when the cancel comes.
      let period = Duration.microseconds(Int.random(in: 1...400))
      let burst = Int.random(in: 1...4)
      await consumeAndCancel(after: endAfter) {
        $0.rateLimited(to: Int.random(in: 1...3), per: period, burst: burst)
      }
    case 9:
      let period = Duration.microseconds(Int.random(in: 1...400))
      await consumeAndCancel(after: endAfter) { _ in ticks(every: period) }
    default:
      await moveDeadlinesAndCancel(after: endAfter, first: interval)
    }
  }
  let deadline = ContinuousClock.now.advanced(by: .seconds(10))
  while PacingDiagnostics.liveInternalTasks + PacingDiagnostics.pendingSharedDeadlines > 0
    && ContinuousClock.now < deadline
  {
    try? await Task.sleep(for: .milliseconds(1))
  }
  return (PacingDiagnostics.liveInternalTasks, PacingDiagnostics.pendingSharedDeadlines)
}

/// A producer that yields until it is cancelled, at full speed with occasional pauses.
private func producer() -> (AsyncStream<Int>, Task<Void, Never>) {
  let (stream, feed) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(64))
  let task = Task {
    var value = 0
    while !Task.isCancelled {
      feed.yield(value)
      value += 1
      if value % 64 == 0 { try? await Task.sleep(for: .microseconds(50)) }
    }
    feed.finish()
  }
  return (stream, task)
}

private func consumeAndCancel<Paced: AsyncSequence & Sendable>(
  after delay: Duration, _ pace: @Sendable (AsyncStream<Int>) -> Paced
) async where Paced.Failure == Never {
  let (stream, production) = producer()
  let paced = pace(stream)
  let consumer = Task {
    for await _ in paced {}
  }
  try? await Task.sleep(for: delay)
  consumer.cancel()
  await consumer.value
  production.cancel()
}

private func consumeAndDrop<Paced: AsyncSequence & Sendable>(
  elements: Int, _ pace: @Sendable (AsyncStream<Int>) -> Paced
) async where Paced.Failure == Never {
  let (stream, production) = producer()
  let paced = pace(stream)
  let consumer = Task {
    var iterator = paced.makeAsyncIterator()
    for _ in 0..<elements { _ = await iterator.next(isolation: nil) }
  }
  await consumer.value
  production.cancel()
}

private func sendAndEnd(
  after delay: Duration, release: Bool,
  _ makePacer: (@escaping @Sendable (Int) async -> Void) -> (
    send: @Sendable (Int) -> Void, cancel: @Sendable () -> Void
  )
) async {
  let overlap = OverlapCheck()
  var pacer: (send: @Sendable (Int) -> Void, cancel: @Sendable () -> Void)? = makePacer { _ in
    overlap.enter()
    try? await Task.sleep(for: .microseconds(Int.random(in: 0...300)))
    overlap.leave()
  }
  let start = ContinuousClock.now
  var value = 0
  while ContinuousClock.now - start < delay {
    pacer?.send(value)
    value += 1
    if value % 16 == 0 { try? await Task.sleep(for: .microseconds(20)) }
  }
  // Ends mid-burst, often mid-action: cancelled and then released, or released at once.
  if !release { pacer?.cancel() }
  pacer = nil
  precondition(!overlap.overlapped, "a pacer's action overlapped itself")
}

private func consumeThrowingAndCancel<Paced: AsyncSequence & Sendable>(
  after delay: Duration, _ pace: @Sendable (AsyncStream<Int>) -> Paced
) async {
  let (stream, production) = producer()
  let paced = pace(stream)
  let consumer = Task {
    do {
      for try await _ in paced {}
    } catch {}
  }
  try? await Task.sleep(for: delay)
  consumer.cancel()
  await consumer.value
  production.cancel()
}

/// A `withTimeout` whose operation sleeps, checks, or ignores its cancellation for a while,
/// cancelled from outside at a random point: the call must return, with its child tasks ended.
private func timeOperationAndCancel(after delay: Duration, limit: Duration) async {
  let work = Duration.microseconds(Int.random(in: 0...800))
  let ignoresCancellation = Bool.random()
  let call = Task {
    try await withTimeout(for: limit) {
      if ignoresCancellation {
        let end = ContinuousClock.now.advanced(by: work)
        while ContinuousClock.now < end { await Task.yield() }
      } else {
        try await Task.sleep(for: work)
      }
    }
  }
  try? await Task.sleep(for: delay)
  call.cancel()
  _ = await call.result
}

/// A `withMovableDeadline` whose operation moves its deadline at random (earlier, later, into
/// the past, away) while it sleeps in short steps, cancelled from outside at a random point.
private func moveDeadlinesAndCancel(after delay: Duration, first: Duration) async {
  let call = Task {
    try await withMovableDeadline(.now + first) { deadline in
      for _ in 0..<Int.random(in: 0...8) {
        try await Task.sleep(for: .microseconds(Int.random(in: 0...100)))
        switch Int.random(in: 0...3) {
        case 0: deadline.extend(by: .microseconds(Int.random(in: -100...300)))
        case 1: deadline.move(to: .now + .microseconds(Int.random(in: -50...300)))
        case 2: deadline.remove()
        default: deadline.move(to: .now + first)
        }
      }
    }
  }
  try? await Task.sleep(for: delay)
  call.cancel()
  _ = await call.result
}
