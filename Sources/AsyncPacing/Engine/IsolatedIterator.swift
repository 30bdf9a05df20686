/// An iterator written once, as `next(isolation:)`: its `next()` runs that on no actor. The
/// timeout's iterators wrap another iterator and must hand the caller's actor on to it.
@usableFromInline
protocol IsolatedIterator: AsyncIteratorProtocol {
  mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element?
}

extension IsolatedIterator {
  @inlinable
  mutating func next() async throws(Failure) -> Element? {
    try await next(isolation: nil)
  }
}
