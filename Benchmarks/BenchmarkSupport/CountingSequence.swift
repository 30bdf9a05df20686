/// The fastest upstream there is: `0..<count`, never suspending. Raw iteration of it is the
/// floor every operator is measured against.
///
/// `next` is never inlined, as for an upstream from another module: otherwise the optimiser
/// folds raw iteration into a closed-form sum and there is no floor left to compare with.
public struct CountingSequence: AsyncSequence, Sendable {
  public typealias Failure = Never
  public let count: Int

  public init(count: Int) {
    self.count = count
  }

  public struct AsyncIterator: AsyncIteratorProtocol {
    var next = 0
    let count: Int

    @inline(never)
    public mutating func next() async -> Int? {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }

    @inline(never)
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(count: count)
  }
}

/// An `AsyncStream` filled by a producer task, the way most real upstreams arrive.
public func producedStream(count: Int) -> AsyncStream<Int> {
  let (stream, feed) = AsyncStream.makeStream(of: Int.self)
  Task {
    for value in 0..<count { feed.yield(value) }
    feed.finish()
  }
  return stream
}
